import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { CreateOrganization, UpdateOrganization, type Organization } from '../../../../shared/domain/organization';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SwitchField } from '../../../components/settings/fields';
import { checkWith } from '../../../components/settings/form';
import { RowActions } from '../../../components/settings/RowActions';
import { SearchField } from '../../../components/settings/SearchField';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { COMPANIES_TEXT } from './texts';

const useStyles = makeStyles({ pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' } });

interface CompanyValues {
  name: string;
  schemaName: string;
  organizationType: string;
  isActive: boolean;
}

const fieldsOf = (o: Organization): CompanyValues => ({ name: o.name, schemaName: o.schemaName, organizationType: o.organizationType, isActive: o.isActive });

/**
 * SPEC §2 configuracion/companias (role 1): the organisations of the platform, by id. A created one
 * is added at the end and works at once (the platform gives it its defaults); an edit or an
 * activation replaces it; a delete (logical: its data stays) removes it only when the platform
 * answers success (SPEC §5).
 */
export function CompaniesPage() {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const load = useSettingsLoad('organizations', { query: search === '' ? {} : { search } });
  const list = useSettingsList(load, {
    key: (o) => o.idOrg,
    created: 'append',
    remove: (o) => callSettings('deleteOrganization', { params: { idOrg: o.idOrg } }),
    messages: MSG.companies
  });
  const [toggling, setToggling] = useState<number | null>(null);
  /** Why the last activation or deactivation was refused (the platform's words: its own organisation, say). */
  const [toggleError, setToggleError] = useState<string | null>(null);

  /** Activate or deactivate: the same update with isActive changed (a deactivated one's users cannot sign in). */
  async function toggle(o: Organization) {
    setToggling(o.idOrg);
    setToggleError(null);
    const result = await callSettings('updateOrganization', { body: { idOrg: o.idOrg, ...fieldsOf(o), isActive: !o.isActive } });
    setToggling(null);
    if (!result.ok) {
      setToggleError(result.error.message);
      return notify.error(MSG.companies.updateFailed);
    }
    list.replace(result.data);
    notify.success(MSG.companies.updated);
  }

  const columns: DataColumn<Organization>[] = [
    { key: 'nombre', header: COMPANIES_TEXT.name, render: (o) => o.name },
    { key: 'esquema', header: COMPANIES_TEXT.schemaName, render: (o) => o.schemaName },
    { key: 'tipo', header: COMPANIES_TEXT.type, render: (o) => o.organizationType },
    {
      key: 'estado',
      header: COMPANIES_TEXT.state,
      render: (o) => (
        <Switch
          checked={o.isActive}
          disabled={toggling === o.idOrg}
          aria-label={o.isActive ? SETTINGS_TEXT.deactivate(o.name) : SETTINGS_TEXT.activate(o.name)}
          label={o.isActive ? COMPANIES_TEXT.active : COMPANIES_TEXT.inactive}
          onChange={() => void toggle(o)}
        />
      )
    },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (o) => <RowActions name={o.name} onEdit={() => list.edit(o)} onDelete={() => list.askDelete(o)} />
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle('companies')}
      description={COMPANIES_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={list.create}>
          {COMPANIES_TEXT.create}
        </Button>
      }
    >
      <SearchField label={COMPANIES_TEXT.search} hint={COMPANIES_TEXT.searchHint} onSearch={setSearch} />
      {toggleError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{toggleError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DataState status={load.status} errorTitle={MSG.companies.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload} level="h2">
        <DataTable caption={COMPANIES_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(o) => String(o.idOrg)} />
      </DataState>
      {list.editing ? <CompanyDialog editing={list.editing} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la compañía ${list.deleting.name}`)}
          text={COMPANIES_TEXT.deleteText(list.deleting.name)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

function CompanyDialog({ editing, onClose, onSaved }: { editing: Editing<Organization>; onClose(): void; onSaved(organization: Organization): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<CompanyValues>(() => (editing.mode === 'edit' ? fieldsOf(editing.item) : { name: '', schemaName: '', organizationType: '', isActive: true }));
  const { values } = form;
  const selfId = editing.mode === 'edit' ? editing.item.idOrg : undefined;
  const check = () => (selfId === undefined ? checkWith(CreateOrganization, values) : checkWith(UpdateOrganization, { idOrg: selfId, ...values }));

  async function submit(): Promise<boolean> {
    const data = form.accept(check());
    if (!data) return false;
    const result = selfId === undefined ? await callSettings('createOrganization', { body: data }) : await callSettings('updateOrganization', { body: { ...data, idOrg: selfId } });
    if (!result.ok) {
      notify.error(selfId === undefined ? MSG.companies.createFailed : MSG.companies.updateFailed);
      // A schema already in use comes back naming its field: it shows there.
      form.refused(result.error);
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.companies.created : MSG.companies.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? COMPANIES_TEXT.create : COMPANIES_TEXT.editTitle(editing.item.name)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check())}
    >
      <TextField label={COMPANIES_TEXT.name} name="name" value={values.name} onChange={(v) => form.set('name', v)} error={form.error('name')} />
      <div className={styles.pair}>
        <TextField label={COMPANIES_TEXT.schemaName} name="schemaName" hint={COMPANIES_TEXT.schemaHint} value={values.schemaName} onChange={(v) => form.set('schemaName', v)} error={form.error('schemaName')} />
        <TextField label={COMPANIES_TEXT.type} name="organizationType" value={values.organizationType} onChange={(v) => form.set('organizationType', v)} error={form.error('organizationType')} />
      </div>
      <SwitchField label={COMPANIES_TEXT.active} checked={values.isActive} onChange={(v) => form.set('isActive', v)} />
    </FormDialog>
  );
}
