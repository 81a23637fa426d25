import { useMemo } from 'react';
import type { NotificationTemplate } from '../../../../shared/domain/notification';
import type { IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { ListScreen, listScreen, type ListContext } from '../../../components/settings/ListScreen';
import { RecordScreen } from '../../../components/settings/RecordScreen';
import { callSettings } from '../../../components/settings/settings-client';
import { channelsRecord } from './channels';
import { OutboxSection, SuppressionsSection, eventLabel, typeName } from './DeliverySections';
import { EventField, TemplateEditor, TypeField } from './TemplateEditor';
import { blankTemplate, checkTemplate, templateRules, templateValues, type TemplatesLookup } from './template-rules';
import { EVENTS_TEXT as T } from './texts';

/** The types and the channels (for the SMS part limit) of the scope; the channels are optional. */
async function lookup({ scope }: ListContext): Promise<IpcResult<TemplatesLookup>> {
  const [types, channels] = await Promise.all([callSettings('notificationTypes', { idOrg: scope.idOrg }), callSettings('notifyChannels', { idOrg: scope.idOrg })]);
  if (!types.ok) return types;
  return { ok: true, data: { types: types.data, channels: channels.ok ? channels.data : null } };
}

const keyOf = (t: NotificationTemplate) => t.id ?? `${t.eventType}/${t.TypeNotification}`;

/**
 * SPEC §2 configuracion/notificaciones/eventos: the organisation's template of each event per
 * notification type (SPEC §3 Notification template). Created and updated through
 * upsertTemplatesByCompanyAndEventType (SPEC §5: BodySms and id only when present), deleted with
 * SPEC §8's 'El evento se elimino correctamente.'. The editor checks each Liquid text against the
 * event's variables as the platform does, previews it with a real past record and counts an SMS.
 */
export const eventsScreen = listScreen({
  screen: 'notificationEvents',
  description: T.intro,
  scope: { organization: true },
  calls: { list: 'notificationTemplates', create: 'upsertNotificationTemplate', update: 'upsertNotificationTemplate', remove: 'deleteNotificationTemplate' },
  lookup,
  load: ({ scope }) => callSettings('notificationTemplates', { idOrg: scope.idOrg }),
  key: keyOf,
  name: (t) => t.codeTemplate,
  created: 'append',
  columns: (_context, found) => [
    { key: 'codigo', header: T.code, render: (t) => t.codeTemplate },
    { key: 'evento', header: T.event, render: (t) => eventLabel(t.eventType) },
    { key: 'tipo', header: T.type, render: (t) => typeName(found?.types ?? null, t.TypeNotification) },
    { key: 'version', header: T.version, numeric: true, render: (t) => t.version },
    { key: 'cliente', header: T.customerContent, render: (t) => (t.excludeCustomerContent ? T.excluded : T.included) }
  ],
  form: {
    wide: true,
    initial: (editing) => (editing.mode === 'edit' ? templateValues(editing.item) : blankTemplate()),
    check: (values, editing) => checkTemplate(values, editing),
    extra: (values, rows, editing, found) => templateRules(values, rows, editing, found.data),
    fields: (editing, { scope }) => [
      [
        { kind: 'custom', name: 'eventType', label: T.event, render: (form) => <EventField form={form} editing={editing} /> },
        { kind: 'custom', name: 'TypeNotification', label: T.type, render: (form, found) => <TypeField form={form} lookup={found} /> }
      ],
      [
        { kind: 'text', name: 'codeTemplate', label: T.code, hint: T.codeHint, autoComplete: 'off' },
        { kind: 'switch', name: 'excludeCustomerContent', label: T.excludeCustomerContent }
      ],
      { kind: 'custom', label: T.variables, render: (form, found) => <TemplateEditor form={form} lookup={found} editing={editing} idOrg={scope.idOrg} /> }
    ]
  },
  save: (body, _editing, { scope }) => callSettings('upsertNotificationTemplate', { body, idOrg: scope.idOrg }),
  remove: (t, { scope }) =>
    t.id === undefined ? Promise.resolve({ ok: false, error: { status: 400, message: T.noId } }) : callSettings('deleteNotificationTemplate', { params: { id: t.id }, idOrg: scope.idOrg }),
  texts: {
    list: T.list,
    create: T.create,
    editTitle: (t) => T.editTitle(t.codeTemplate),
    deleteWhat: (t) => T.deleteWhat(t.codeTemplate),
    deleteText: (t) => T.deleteText(t.codeTemplate, eventLabel(t.eventType))
  },
  messages: {
    loadFailed: MSG.notifications.loadFailed,
    created: MSG.notifications.eventCreated,
    createFailed: MSG.notifications.eventCreateFailed,
    updated: MSG.notifications.eventUpdated,
    updateFailed: MSG.notifications.eventUpdateFailed,
    deleted: MSG.notifications.eventDeleted,
    deleteFailed: MSG.notifications.eventDeleteFailed
  }
});

/** The channels of the organisation in view, as a record of its own (another organisation: another record). */
function ChannelsPart({ idOrg }: { idOrg: number | null }) {
  const descriptor = useMemo(() => channelsRecord(idOrg), [idOrg]);
  return <RecordScreen key={idOrg ?? 'own'} descriptor={descriptor} />;
}

/**
 * The page of notificaciones/eventos (screens.ts loads it): the templates, then where an
 * administrator looks for how they leave — the channels with 'Probar conexión' — and what did not:
 * the notifications the outbox gave up on, and the suppressed addresses.
 */
export function EventsScreen() {
  return (
    <ListScreen descriptor={eventsScreen}>
      {(_rows, { scope }, _list, found) => (
        <>
          <ChannelsPart idOrg={scope.idOrg} />
          <OutboxSection key={`outbox-${scope.idOrg ?? 'own'}`} idOrg={scope.idOrg} types={found?.types ?? null} />
          <SuppressionsSection key={`suppressed-${scope.idOrg ?? 'own'}`} idOrg={scope.idOrg} />
        </>
      )}
    </ListScreen>
  );
}
