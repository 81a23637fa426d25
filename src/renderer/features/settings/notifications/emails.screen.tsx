import type { z } from 'zod';
import { CreateNotificationEmail, UpdateNotificationEmail, type NotificationEmail } from '../../../../shared/domain/notification';
import { MSG } from '../../../../shared/messages';
import { checkWith, type FieldErrors, type FormCheck } from '../../../components/settings/form';
import { ListScreen, listScreen } from '../../../components/settings/ListScreen';
import { callSettings } from '../../../components/settings/settings-client';
import type { Editing } from '../../../components/settings/use-settings-list';
import { EMAILS_TEXT as T } from './texts';

type EmailBody = z.output<typeof CreateNotificationEmail> | z.output<typeof UpdateNotificationEmail>;

const selfId = (editing: Editing<NotificationEmail>) => (editing.mode === 'edit' ? editing.item.idEmail : undefined);

/** An address as the platform compares them (stored lower-case, SPEC §3 Notification email). */
const normalised = (email: string) => email.trim().toLowerCase();

/**
 * SPEC §2 configuracion/notificaciones/emails: the organisation's notification e-mail recipients
 * (SPEC §3, keyed by idEmail). A created one is prepended (SPEC §4), an edit or the active switch
 * replaces it, a delete removes it; every address is checked (Spanish) before anything is sent.
 */
export const emailsScreen = listScreen({
  screen: 'notificationEmails',
  description: T.intro,
  scope: { organization: true },
  calls: { list: 'notificationEmails', create: 'createNotificationEmail', update: 'updateNotificationEmail', remove: 'deleteNotificationEmail', toggle: 'updateNotificationEmail' },
  load: ({ scope }) => callSettings('notificationEmails', { idOrg: scope.idOrg }),
  key: (e) => e.idEmail,
  name: (e) => e.email,
  created: 'prepend',
  columns: [
    { key: 'email', header: T.email, render: (e) => e.email },
    { key: 'descripcion', header: T.descripcion, render: (e) => e.descripcion }
  ],
  toggle: {
    header: T.status,
    checked: (e) => e.activo,
    label: (on) => (on ? T.active : T.inactive),
    send: (e, { scope }) => callSettings('updateNotificationEmail', { body: { idEmail: e.idEmail, email: e.email, descripcion: e.descripcion, activo: !e.activo }, idOrg: scope.idOrg })
  },
  form: {
    initial: (editing) =>
      editing.mode === 'edit' ? { email: editing.item.email, descripcion: editing.item.descripcion, activo: editing.item.activo } : { email: '', descripcion: '', activo: true },
    check: (values, editing): FormCheck<EmailBody> => {
      const id = selfId(editing);
      return id === undefined ? checkWith(CreateNotificationEmail, values) : checkWith(UpdateNotificationEmail, { idEmail: id, ...values });
    },
    /** Another recipient of the organisation with this address (the platform answers 409 too). */
    extra: (values, rows, editing): FieldErrors =>
      values.email.trim() !== '' && rows.some((e) => e.idEmail !== selfId(editing) && normalised(e.email) === normalised(values.email)) ? { email: T.duplicate } : {},
    refusal: { byStatus: { 409: 'email' } },
    fields: [
      { kind: 'text', name: 'email', label: T.email, type: 'email', autoComplete: 'off' },
      { kind: 'text', name: 'descripcion', label: T.descripcion, hint: T.descripcionHint, required: false },
      { kind: 'switch', name: 'activo', label: T.activeField }
    ]
  },
  save: (body, _editing, { scope }) =>
    'idEmail' in body ? callSettings('updateNotificationEmail', { body, idOrg: scope.idOrg }) : callSettings('createNotificationEmail', { body, idOrg: scope.idOrg }),
  remove: (e, { scope }) => callSettings('deleteNotificationEmail', { query: { idEmail: e.idEmail }, idOrg: scope.idOrg }),
  texts: {
    list: T.list,
    create: T.create,
    editTitle: (e) => T.editTitle(e.email),
    deleteWhat: (e) => T.deleteWhat(e.email),
    deleteText: (e) => T.deleteText(e.email)
  },
  messages: MSG.emails
});

/** The page of notificaciones/emails (screens.ts loads it). */
export function EmailsScreen() {
  return <ListScreen descriptor={emailsScreen} />;
}
