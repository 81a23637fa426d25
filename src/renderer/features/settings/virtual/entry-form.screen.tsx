import { useState } from 'react';
import { Badge, Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { EntryFieldInput, EntryForm, EntryFormField } from '../../../../shared/domain/entry-form';
import type { IpcError } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { RowActions } from '../../../components/settings/RowActions';
import { useScopePicker } from '../../../components/settings/ScopePicker';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { callSettings } from '../../../components/settings/settings-client';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { EntryFieldDialog, asInput } from './EntryFieldDialog';
import { ENTRY_FORM_TEXT as T } from './entry-form-texts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '900px' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' }
});

const labelOf = (fields: readonly EntryFormField[], id: unknown) => fields.find((f) => f.idField === id)?.label ?? '';
const placeOf = (fields: readonly EntryFormField[], id: unknown) => fields.findIndex((f) => f.idField === id) + 1;

/** dnd-kit's screen-reader words, in Spanish. */
function announcements(fields: readonly EntryFormField[]): Announcements {
  return {
    onDragStart: ({ active }) => T.dnd.picked(labelOf(fields, active.id), placeOf(fields, active.id), fields.length),
    onDragOver: ({ active, over }) => (over ? T.dnd.over(labelOf(fields, active.id), placeOf(fields, over.id), fields.length) : undefined),
    onDragEnd: ({ active, over }) => (over ? T.dnd.dropped(labelOf(fields, active.id), placeOf(fields, over.id), fields.length) : T.dnd.cancelled(labelOf(fields, active.id))),
    onDragCancel: ({ active }) => T.dnd.cancelled(labelOf(fields, active.id))
  };
}

function FieldRow({ field, onEdit, onDelete }: { field: EntryFormField; onEdit(): void; onDelete(): void }) {
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id: field.idField });
  return (
    <li ref={setNodeRef} className={styles.item} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid={`entry-field-row-${field.idField}`}>
      <Button ref={setActivatorNodeRef} appearance="subtle" icon={<ReOrderDotsVertical20Regular />} aria-label={T.move(field.label)} {...attributes} {...listeners} />
      <div className={styles.text}>
        <Body1 data-field-label>{field.label}</Body1>
        <div className={styles.badges}>
          <Badge appearance="tint" color="informative">
            {T.types[field.fieldType]}
          </Badge>
          <Badge appearance="outline" color={field.required ? 'important' : 'subtle'}>
            {field.required ? T.required : T.optional}
          </Badge>
          {!field.active ? <Badge appearance="outline">{T.inactive}</Badge> : null}
          {field.consentVersion !== null ? <Badge appearance="outline">{T.consentVersion(field.consentVersion)}</Badge> : null}
        </div>
      </div>
      <RowActions name={field.label} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

/** configuracion/asesor-virtual/formulario-entrada: the pre-chat form of a virtual agent, as a sortable list. */
export function EntryFormScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const scope = useScopePicker({ virtualAgent: true });
  const { idOrg, idVa } = scope.value;
  const request = { query: { idVa: idVa ?? 0 }, idOrg };
  const form = useSettingsLoad('entryForm', request, { enabled: scope.ready });
  const [editing, setEditing] = useState<EntryFormField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EntryFormField | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const fields = form.data?.fields ?? [];

  const stored = (data: EntryForm) => form.update(() => data);

  async function saveList(list: EntryFieldInput[], texts: { ok: string; failed: string }): Promise<IpcError | null> {
    const result = await callSettings('updateEntryForm', { ...request, body: { fields: list } });
    if (!result.ok) {
      notify.error(texts.failed);
      return result.error;
    }
    stored(result.data);
    notify.success(texts.ok);
    return null;
  }

  async function reorder(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const before = fields;
    const moved = arrayMove(before, placeOf(before, active.id) - 1, placeOf(before, over.id) - 1);
    form.update((data) => ({ ...data, fields: moved }));
    const result = await callSettings('updateEntryFormOrder', { ...request, body: { order: moved.map((f) => f.idField) } });
    if (result.ok) {
      stored(result.data);
      notify.success(MSG.entryForm.reordered);
    } else {
      form.update((data) => ({ ...data, fields: before }));
      notify.error(MSG.entryForm.reorderFailed);
    }
  }

  const adding = editing === 'new';
  return (
    <SettingsPage
      title={settingsTitle('entryForm')}
      description={T.intro}
      actions={
        <Button appearance="primary" disabled={!scope.ready || form.status !== 'resolved'} onClick={() => setEditing('new')}>
          {T.add}
        </Button>
      }
    >
      {scope.frame(
        <DataState status={form.status} errorTitle={MSG.entryForm.loadFailed} errorDetail={form.error?.message} empty={fields.length === 0} emptyDetail={T.emptyDetail} onRetry={form.reload} level="h2">
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(e) => void reorder(e)}
            accessibility={{ announcements: announcements(fields), screenReaderInstructions: { draggable: T.dnd.instructions } }}
          >
            <SortableContext items={fields.map((f) => f.idField)} strategy={verticalListSortingStrategy}>
              <ol className={styles.list} aria-label={T.list}>
                {fields.map((field) => (
                  <FieldRow key={field.idField} field={field} onEdit={() => setEditing(field)} onDelete={() => { setDeleteError(null); setDeleting(field); }} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </DataState>
      )}
      {editing !== null ? (
        <EntryFieldDialog
          editing={adding ? null : editing}
          fields={fields}
          save={(list) => saveList(list, adding ? { ok: MSG.entryForm.fieldAdded, failed: MSG.entryForm.addFieldFailed } : { ok: T.updated, failed: T.updateFailed })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={T.deleteTitle}
          text={T.deleteText(deleting.label)}
          error={deleteError}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const refusal = await saveList(fields.filter((f) => f.idField !== deleting.idField).map(asInput), { ok: T.deleted, failed: T.deleteFailed });
            if (refusal) setDeleteError(refusal.message);
            else setDeleting(null);
          }}
        />
      ) : null}
    </SettingsPage>
  );
}
