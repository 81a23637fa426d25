import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { UpsertResponseTemplate, type ResponseTemplate } from '../../../../shared/domain/response-template';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { TextAreaField } from './fields';
import { afterBlur, changed, checkWith, refusedField, type FieldErrors } from './form';
import { HUMAN_SETTINGS_PAGES } from './routes';
import { RowActions } from './RowActions';
import { callSettings, confirmed } from './settings-client';
import { SettingsPage } from './SettingsPage';
import { SETTINGS_TEXT, TEMPLATES_TEXT } from './texts';
import { useSettingsLoad } from './use-settings-load';

type Editing = { mode: 'create' } | { mode: 'edit'; template: ResponseTemplate };

/**
 * SPEC §2 configuracion/asesor-humano/plantillas-respuesta: the answers agents insert in a chat.
 * Keyed by idTemplate (SPEC §4): a created one is appended, an edit replaces it, a delete removes it.
 */
export function TemplatesPage() {
  const notify = useNotify();
  const load = useSettingsLoad('responseTemplates');
  const templates = load.data?.templates ?? [];
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ResponseTemplate | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function remove(template: ResponseTemplate) {
    const result = await callSettings('deleteResponseTemplate', { body: { idTemplate: template.idTemplate } });
    if (result.ok && confirmed(result.data)) {
      load.update((d) => ({ templates: d.templates.filter((t) => t.idTemplate !== template.idTemplate) }));
      notify.success(MSG.templates.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.templates.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<ResponseTemplate>[] = [
    { key: 'nombre', header: TEMPLATES_TEXT.name, render: (t) => t.templateName },
    { key: 'contenido', header: TEMPLATES_TEXT.content, render: (t) => t.templateContent },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (t) => (
        <RowActions
          name={t.templateName}
          onEdit={() => setEditing({ mode: 'edit', template: t })}
          onDelete={() => {
            setDeleteError(null);
            setDeleting(t);
          }}
        />
      )
    }
  ];

  return (
    <SettingsPage
      title={HUMAN_SETTINGS_PAGES.templates.title}
      description={TEMPLATES_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
          {TEMPLATES_TEXT.create}
        </Button>
      }
    >
      <DataState status={load.status} errorTitle={MSG.templates.loadFailed} errorDetail={load.error?.message} empty={templates.length === 0} onRetry={load.reload} level="h2">
        <DataTable caption={TEMPLATES_TEXT.list} captionHidden columns={columns} rows={templates} rowKey={(t) => String(t.idTemplate)} />
      </DataState>
      {editing ? (
        <TemplateDialog
          editing={editing}
          templates={templates}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            load.update((d) => ({
              templates: editing.mode === 'create' ? [...d.templates, saved] : d.templates.map((t) => (t.idTemplate === saved.idTemplate ? saved : t))
            }))
          }
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la plantilla ${deleting.templateName}`)}
          text={TEMPLATES_TEXT.deleteText(deleting.templateName)}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
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
  editing: Editing;
  templates: readonly ResponseTemplate[];
  onClose(): void;
  onSaved(template: ResponseTemplate): void;
}) {
  const notify = useNotify();
  const [start] = useState(() => (editing.mode === 'edit' ? { templateName: editing.template.templateName, templateContent: editing.template.templateContent } : { templateName: '', templateContent: '' }));
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const check = () => checkWith(UpsertResponseTemplate, { ...(editing.mode === 'edit' ? { idTemplate: editing.template.idTemplate } : {}), ...values });
  /** Another template of the organisation with this name, compared as the platform compares them (unique-name.ts). */
  const duplicate = () =>
    nameTaken(templates, values.templateName, (t) => t.templateName, (t) => t.idTemplate, editing.mode === 'edit' ? editing.template.idTemplate : undefined) ? DUPLICATE_TEXT.template : undefined;

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const checked = check();
    const taken = duplicate();
    if (!checked.ok || taken) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(taken ? { templateName: taken } : {}) });
      return false;
    }
    const result = await callSettings('upsertResponseTemplate', { body: checked.data });
    if (!result.ok) {
      notify.error(editing.mode === 'create' ? MSG.templates.createFailed : MSG.templates.updateFailed);
      if (refusedField(result.error) === 'name') setErrors((e) => ({ ...e, templateName: result.error.message }));
      else setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(editing.mode === 'create' ? MSG.templates.created : MSG.templates.updated);
    return true;
  }

  function blurred(field: string) {
    setErrors((e) => {
      const next = afterBlur(e, check(), field);
      const taken = field === 'templateName' ? duplicate() : undefined;
      return taken ? { ...next, templateName: taken } : next;
    });
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? TEMPLATES_TEXT.create : TEMPLATES_TEXT.editTitle(editing.template.templateName)}
      formError={formError}
      dirty={changed(start, values)}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={blurred}
    >
      <TextField label={TEMPLATES_TEXT.name} name="templateName" value={values.templateName} onChange={(v) => set('templateName', v)} error={errors.templateName || undefined} />
      <TextAreaField
        label={TEMPLATES_TEXT.content}
        name="templateContent"
        required
        rows={5}
        value={values.templateContent}
        onChange={(v) => set('templateContent', v)}
        error={errors.templateContent || undefined}
      />
    </FormDialog>
  );
}
