import { UpsertResponseTemplate, type ResponseTemplate } from '../../../../shared/domain/response-template';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import { MSG } from '../../../../shared/messages';
import { checkWith, type FieldErrors } from '../../../components/settings/form';
import { ListScreen, listScreen } from '../../../components/settings/ListScreen';
import { callSettings, mapResult } from '../../../components/settings/settings-client';
import { TEMPLATES_TEXT } from './texts';

const selfId = (editing: { mode: 'create' } | { mode: 'edit'; item: ResponseTemplate }) => (editing.mode === 'edit' ? editing.item.idTemplate : undefined);

/**
 * SPEC §2 configuracion/asesor-humano/plantillas-respuesta: the answers agents insert in a chat.
 * Keyed by idTemplate (SPEC §4): a created one is appended, an edit replaces it, a delete removes it.
 */
export const templatesScreen = listScreen({
  screen: 'templates',
  description: TEMPLATES_TEXT.intro,
  calls: { list: 'responseTemplates', create: 'upsertResponseTemplate', update: 'upsertResponseTemplate', remove: 'deleteResponseTemplate' },
  load: async () => mapResult(await callSettings('responseTemplates'), (d) => d.templates),
  key: (t) => t.idTemplate,
  name: (t) => t.templateName,
  created: 'append',
  columns: [
    { key: 'nombre', header: TEMPLATES_TEXT.name, render: (t) => t.templateName },
    { key: 'contenido', header: TEMPLATES_TEXT.content, render: (t) => t.templateContent }
  ],
  form: {
    initial: (editing) => (editing.mode === 'edit' ? { templateName: editing.item.templateName, templateContent: editing.item.templateContent } : { templateName: '', templateContent: '' }),
    check: (values, editing) => {
      const id = selfId(editing);
      return checkWith(UpsertResponseTemplate, { ...(id === undefined ? {} : { idTemplate: id }), ...values });
    },
    /** Another template of the organisation with this name, compared as the platform compares them (unique-name.ts). */
    extra: (values, rows, editing): FieldErrors =>
      nameTaken(rows, values.templateName, (t) => t.templateName, (t) => t.idTemplate, selfId(editing)) ? { templateName: DUPLICATE_TEXT.template } : {},
    refusal: { name: 'templateName' },
    fields: [
      { kind: 'text', name: 'templateName', label: TEMPLATES_TEXT.name },
      { kind: 'textarea', name: 'templateContent', label: TEMPLATES_TEXT.content, required: true, rows: 5 }
    ]
  },
  save: (body) => callSettings('upsertResponseTemplate', { body }),
  remove: (t) => callSettings('deleteResponseTemplate', { body: { idTemplate: t.idTemplate } }),
  texts: {
    list: TEMPLATES_TEXT.list,
    create: TEMPLATES_TEXT.create,
    editTitle: (t) => TEMPLATES_TEXT.editTitle(t.templateName),
    deleteWhat: (t) => `la plantilla ${t.templateName}`,
    deleteText: (t) => TEMPLATES_TEXT.deleteText(t.templateName)
  },
  messages: MSG.templates
});

/** The page of plantillas-respuesta (screens.ts loads it). */
export function TemplatesScreen() {
  return <ListScreen descriptor={templatesScreen} />;
}
