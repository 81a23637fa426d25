import { useState } from 'react';
import { MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { RegionName, UpdateRegion, type Department, type Region } from '../../../../shared/domain/location';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable } from '../../../components/DataTable';
import { useLoad } from '../../../components/use-load';
import { checkWith, type FieldErrors } from '../../../components/settings/form';
import { ListScreen, listScreen, type ListContext } from '../../../components/settings/ListScreen';
import { callSettings, mapResult } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { REGIONS_TEXT } from './texts';

const selfId = (editing: { mode: 'create' } | { mode: 'edit'; item: Region }) => (editing.mode === 'edit' ? editing.item.id : undefined);

/**
 * SPEC §2 configuracion/asesor-virtual/regionales: the organisation's regions (create, rename,
 * delete — refused by the platform while a region holds departments) and, below them, the
 * country's departments, each moved to one of the regions at once.
 */
export const regionsScreen = listScreen({
  screen: 'regions',
  description: REGIONS_TEXT.intro,
  scope: { organization: true },
  calls: { list: 'locationList', create: 'createRegional', update: 'updateRegional', remove: 'deleteRegional' },
  load: async ({ scope }) => mapResult(await callSettings('locationList', { idOrg: scope.idOrg }), (d) => d.regionals),
  key: (r) => r.id,
  name: (r) => r.name,
  created: 'append',
  columns: [{ key: 'nombre', header: REGIONS_TEXT.name, render: (r) => r.name }],
  form: {
    initial: (editing) => ({ name: editing.mode === 'edit' ? editing.item.name : '' }),
    check: (values, editing) => {
      const id = selfId(editing);
      return id === undefined ? checkWith(RegionName, values) : checkWith(UpdateRegion, { id, ...values });
    },
    /** Another region of the organisation with this name, compared as the platform compares them (unique-name.ts). */
    extra: (values, rows, editing): FieldErrors => (nameTaken(rows, values.name, (r) => r.name, (r) => r.id, selfId(editing)) ? { name: DUPLICATE_TEXT.region } : {}),
    refusal: { name: 'name' },
    fields: [{ kind: 'text', name: 'name', label: REGIONS_TEXT.name }]
  },
  save: (body, editing, { scope }) =>
    editing.mode === 'edit'
      ? callSettings('updateRegional', { body: { id: editing.item.id, name: body.name }, idOrg: scope.idOrg })
      : callSettings('createRegional', { body: { name: body.name }, idOrg: scope.idOrg }),
  remove: (r, { scope }) => callSettings('deleteRegional', { query: { id: r.id }, idOrg: scope.idOrg }),
  texts: {
    list: REGIONS_TEXT.list,
    create: REGIONS_TEXT.create,
    editTitle: (r) => REGIONS_TEXT.editTitle(r.name),
    deleteWhat: (r) => `la regional ${r.name}`,
    deleteText: (r) => REGIONS_TEXT.deleteText(r.name)
  },
  messages: {
    loadFailed: MSG.locations.loadFailed,
    created: MSG.locations.regionalCreated,
    createFailed: MSG.locations.regionalCreateFailed,
    updated: MSG.locations.regionalUpdated,
    updateFailed: MSG.locations.regionalUpdateFailed,
    deleted: MSG.locations.regionalDeleted,
    deleteFailed: MSG.locations.regionalDeleteFailed
  }
});

/**
 * The departments with their region: a select per row, saved when a region is chosen (a refusal
 * puts the row back and says why). The regions offered are the list above as it stands.
 */
export function DepartmentsSection({ regionals, context }: { regionals: readonly Region[]; context: ListContext }) {
  const notify = useNotify();
  const idOrg = context.scope.idOrg;
  const load = useLoad(JSON.stringify(['regions-departments', idOrg]), async () => mapResult(await callSettings('locationList', { idOrg }), (d) => d.departments));
  /** The departments as moved since the load. */
  const [moved, setMoved] = useState<ReadonlyMap<number, number>>(new Map());
  const [saving, setSaving] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows: Department[] = (load.data ?? []).map((d) => ({ ...d, idRegional: moved.get(d.id) ?? d.idRegional }));

  async function move(department: Department, idRegional: number) {
    setSaving(department.id);
    setRefusal(null);
    const result = await callSettings('updateDepartment', { query: { id: department.id, idRegional }, idOrg });
    setSaving(null);
    if (!result.ok) {
      setRefusal(result.error.message);
      return notify.error(MSG.locations.departmentUpdateFailed);
    }
    setMoved((m) => new Map(m).set(result.data.id, idRegional));
    notify.success(MSG.locations.departmentUpdated);
  }

  return (
    <SettingsSection title={REGIONS_TEXT.departments}>
      <p>{regionals.length === 0 ? REGIONS_TEXT.noRegions : REGIONS_TEXT.departmentsIntro}</p>
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DataState status={load.status} errorTitle={MSG.locations.loadFailed} errorDetail={load.error?.message} empty={rows.length === 0} onRetry={load.reload} level="h3">
        <DataTable
          caption={REGIONS_TEXT.departments}
          captionHidden
          rows={rows}
          rowKey={(d) => String(d.id)}
          columns={[
            { key: 'departamento', header: REGIONS_TEXT.department, render: (d) => d.name },
            {
              key: 'regional',
              header: REGIONS_TEXT.region,
              render: (d) => (
                <Select
                  aria-label={REGIONS_TEXT.regionOf(d.name)}
                  value={d.idRegional === null ? '' : String(d.idRegional)}
                  disabled={saving !== null || regionals.length === 0}
                  onChange={(_, data) => void move(d, Number(data.value))}
                >
                  {d.idRegional === null || !regionals.some((r) => r.id === d.idRegional) ? <option value="">{REGIONS_TEXT.unassigned}</option> : null}
                  {regionals.map((r) => (
                    <option key={r.id} value={String(r.id)}>
                      {r.name}
                    </option>
                  ))}
                </Select>
              )
            }
          ]}
        />
      </DataState>
    </SettingsSection>
  );
}

/** The page of regionales (screens.ts loads it). */
export function RegionsScreen() {
  return <ListScreen descriptor={regionsScreen}>{(regionals, context) => <DepartmentsSection regionals={regionals} context={context} />}</ListScreen>;
}
