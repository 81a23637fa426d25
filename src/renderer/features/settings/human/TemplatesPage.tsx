import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { UpsertResponseTemplate, type ResponseTemplate } from '../../../../shared/domain/response-template';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { TextAreaField } from '../../../components/settings/fields';
import { checkWith, type FieldErrors } from '../../../components/settings/form';
import { RowActions } from '../../../components/settings/RowActions';
import { callSettings, mapResult } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useLoad } from '../../../components/use-load';
import { TEMPLATES_TEXT } from './texts';

/**
 * SPEC §2 configuracion/asesor-humano/plantillas-respuesta: the answers agents insert in a chat.
 * Keyed by idTemplate (SPEC §4): a created one is appended, an edit replaces it, a delete removes it.
 */
export function TemplatesPage() {
  const load = useLoad('responseTemplates', async () => mapResult(await callSettings('responseTemplates'), (d) => d.templates));
  const list = useSettingsList(load, {
    key: (t) => t.idTemplate,
    created: 'append',
    remove: (t) => callSettings('deleteResponseTemplate', { body: { idTemplate: t.idTemplate } }),
    messages: MSG.templates
  });

  const columns: DataColumn<ResponseTemplate>[] = [
    { key: 'nombre', header: TEMPLATES_TEXT.name, render: (t) => t.templateName },
    { key: 'contenido', header: TEMPLATES_TEXT.content, render: (t) => t.templateContent },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (t) => <RowActions name={t.templateName} onEdit={() => list.edit(t)} onDelete={() => list.askDelete(t)} />
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle('templates')}
      description={TEMPLATES_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={list.create}>
          {TEMPLATES_TEXT.create}
        </Button>
      }
    >
      <DataState status={load.status} errorTitle={MSG.templates.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload} level="h2">
        <DataTable caption={TEMPLATES_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(t) => String(t.idTemplate)} />
      </DataState>
      {list.editing ? <TemplateDialog editing={list.editing} templates={list.items} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la plantilla ${list.deleting.templateName}`)}
          text={TEMPLATES_TEXT.deleteText(list.deleting.templateName)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

function TemplateDialog({
  editing,
  templates,
  onClose,
  onSaved
}: {
  editing: Editing<ResponseTemplate>;
  templates: readonly ResponseTemplate[];
  onClose(): void;
  onSaved(template: ResponseTemplate): void;
}) {
  const notify = useNotify();
  const form = useSettingsForm(() =>
    editing.mode === 'edit' ? { templateName: editing.item.templateName, templateContent: editing.item.templateContent } : { templateName: '', templateContent: '' }
  );
  const selfId = editing.mode === 'edit' ? editing.item.idTemplate : undefined;
  const check = () => checkWith(UpsertResponseTemplate, { ...(selfId === undefined ? {} : { idTemplate: selfId }), ...form.values });
  /** Another template of the organisation with this name, compared as the platform compares them (unique-name.ts). */
  const taken = (): FieldErrors =>
    nameTaken(templates, form.values.templateName, (t) => t.templateName, (t) => t.idTemplate, selfId) ? { templateName: DUPLICATE_TEXT.template } : {};

  async function submit(): Promise<boolean> {
    const data = form.accept(check(), taken());
    if (!data) return false;
    const result = await callSettings('upsertResponseTemplate', { body: data });
    if (!result.ok) {
      notify.error(editing.mode === 'create' ? MSG.templates.createFailed : MSG.templates.updateFailed);
      form.refused(result.error, { name: 'templateName' });
      return false;
    }
    onSaved(result.data);
    notify.success(editing.mode === 'create' ? MSG.templates.created : MSG.templates.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? TEMPLATES_TEXT.create : TEMPLATES_TEXT.editTitle(editing.item.templateName)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), taken())}
    >
      <TextField label={TEMPLATES_TEXT.name} name="templateName" value={form.values.templateName} onChange={(v) => form.set('templateName', v)} error={form.error('templateName')} />
      <TextAreaField
        label={TEMPLATES_TEXT.content}
        name="templateContent"
        required
        rows={5}
        value={form.values.templateContent}
        onChange={(v) => form.set('templateContent', v)}
        error={form.error('templateContent')}
      />
    </FormDialog>
  );
}
