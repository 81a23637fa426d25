// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EventsScreen, eventsScreen } from '../../../src/renderer/features/settings/notifications/events.screen';
import type { NotificationTemplate } from '../../../src/shared/domain/notification';
import { MSG } from '../../../src/shared/messages';
import type { SettingsCall, SettingsCallArg } from '../../../src/shared/settings-calls';
import { describeListScreen, dialog, failReply, installSettings, NOTIFY_CHANNELS_VIEW, okReply, renderPage, rowOf, type Reply } from './settings-fixtures';

afterEach(cleanup);

const TYPES = [
  { typeNotificationId: 1, name: 'Correo electrónico' },
  { typeNotificationId: 2, name: 'SMS' },
  { typeNotificationId: 3, name: 'WhatsApp' }
];

const CHANNELS = NOTIFY_CHANNELS_VIEW;

const LOCK_MAIL: NotificationTemplate = {
  id: 11,
  companyId: 100,
  eventType: 'BLOQUEO_USUARIO',
  TypeNotification: 1,
  codeTemplate: 'bloqueo-correo',
  subject: 'Cuenta bloqueada: {{ usuario.nombre }}',
  body: 'La cuenta {{ usuario.email }} se bloqueó el {{ fecha }}.',
  excludeCustomerContent: false,
  version: 3
};
const QUEUE_SMS: NotificationTemplate = {
  id: 12,
  companyId: 100,
  eventType: 'CHAT_NO_ATENDIDO',
  TypeNotification: 2,
  codeTemplate: 'no-atendido-sms',
  BodySms: 'Chat {{ conversacion.id }} sin atender en {{ chat.split }}',
  subject: '',
  body: '',
  excludeCustomerContent: true,
  version: 1
};

const REPLIES: Partial<Record<SettingsCall, Reply>> = {
  notificationTypes: () => okReply(TYPES),
  notifyChannels: () => okReply(CHANNELS)
};

const bodyOf = (a: SettingsCallArg | undefined) => (a as { body?: unknown } | undefined)?.body as Record<string, unknown> | undefined;

const STARTER_SUBJECT = '{{ organizacion.nombre }}: Resumen de la conversación';
const STARTER_BODY = 'Resumen de la conversación\n\nFecha: {{ fecha }}\n{{ organizacion.nombre }}';

describeListScreen(eventsScreen, {
  rows: [LOCK_MAIL, QUEUE_SMS],
  replies: REPLIES,
  create: {
    refused: { fill: { codeTemplate: '   ' }, messages: ['El código de la plantilla es obligatorio'] },
    fill: { codeTemplate: 'resumen-correo' },
    sent: { eventType: 'RESUMEN_CONVERSACION', TypeNotification: 1, codeTemplate: 'resumen-correo', subject: STARTER_SUBJECT, body: STARTER_BODY, excludeCustomerContent: false },
    reply: (b) => ({ id: 13, companyId: 100, version: 1, ...(b as Omit<NotificationTemplate, 'id' | 'companyId' | 'version'>) })
  },
  platformRefusal: {
    fill: { codeTemplate: 'resumen' },
    error: { status: 400, message: 'codeTemplate: El código de la plantilla no puede superar 120 caracteres' },
    shows: 'El código de la plantilla no puede superar 120 caracteres'
  },
  edit: {
    fill: { codeTemplate: 'bloqueo-cuenta', excludeCustomerContent: 'true' },
    sent: { id: 11, eventType: 'BLOQUEO_USUARIO', TypeNotification: 1, codeTemplate: 'bloqueo-cuenta', subject: LOCK_MAIL.subject, body: LOCK_MAIL.body, excludeCustomerContent: true },
    reply: (b) => ({ ...LOCK_MAIL, ...(b as object), version: 4 })
  },
  remove: { row: 1, request: (a) => (a as { params?: unknown }).params, expected: { id: 12 } }
});

/** Opens the editor of a new template with the types loaded. */
async function openNew(replies: Partial<Record<SettingsCall, Reply>> = {}) {
  const fake = installSettings({ ...REPLIES, notificationTemplates: () => okReply([LOCK_MAIL, QUEUE_SMS]), ...replies });
  renderPage(<EventsScreen />, 3);
  await screen.findByRole('rowheader', { name: 'bloqueo-correo' });
  fireEvent.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
  await waitFor(() => expect((dialog().getByLabelText(/^Tipo de notificación/) as HTMLSelectElement).disabled).toBe(false));
  return fake;
}

const field = (label: RegExp) => dialog().getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

/** A new SMS template of an event whose examples have no accents (BLOQUEO_USUARIO), its text `sms`. */
async function newSms(sms: string, replies: Partial<Record<SettingsCall, Reply>> = {}) {
  const fake = await openNew(replies);
  type(/^Evento/, 'CONTRASENA_POR_VENCER');
  type(/^Tipo de notificación/, '2');
  type(/^Código/, 'aviso-sms');
  type(/^Cuerpo del SMS/, sms);
  return fake;
}

const summary = () => dialog().getByTestId('sms-summary').textContent;
const marks = () => Array.from(screen.getByRole('region', { name: 'Conteo del SMS', hidden: true }).querySelectorAll('mark')).map((m) => m.textContent);

describe('notificaciones/eventos: the SMS count', () => {
  it('keeps ñ é ü ¿ ¡ in GSM-7, with nothing marked', async () => {
    await newSms('¿Señor, qué pingüino! ¡Hola!');
    expect(summary()).toBe('28 caracteres · GSM-7 · 1 parte');
    expect(marks()).toEqual([]);
    expect((dialog().getByRole('button', { name: 'Reemplazar tildes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks á í ó ú, which force UCS-2, and Reemplazar tildes replaces only those', async () => {
    await newSms('Canción para ti, ¿sí? ñandú é ü ¡ya!');
    expect(summary()).toBe('36 caracteres · UCS-2 · 1 parte');
    expect(marks()).toEqual(['ó', 'í', 'ú']);
    expect(dialog().getByText('Obligan a UCS-2 (menos caracteres por parte): ó í ú')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Reemplazar tildes' }));
    await waitFor(() => expect(field(/^Cuerpo del SMS/).value).toBe('Cancion para ti, ¿si? ñandu é ü ¡ya!'));
    expect(summary()).toBe('36 caracteres · GSM-7 · 1 parte');
    expect(marks()).toEqual([]);
  });

  it('counts a character of the extension table (€) as two, and counts the text rendered with the event\'s examples', async () => {
    await newSms('Precio 5€');
    expect(summary()).toBe('10 caracteres · GSM-7 · 1 parte');
    type(/^Cuerpo del SMS/, 'Hola {{ usuario.nombre }}');
    // 'Hola Carlos Ruiz': the example of usuario.nombre.
    await waitFor(() => expect(summary()).toBe('16 caracteres · GSM-7 · 1 parte'));
    expect(dialog().getByText('Hola Carlos Ruiz')).toBeTruthy();
  });

  it("refuses, before sending, an SMS longer than the organisation's part limit", async () => {
    const fake = await newSms('x'.repeat(161), { notifyChannels: () => okReply({ ...CHANNELS, smsMaxParts: 1 }) });
    expect(summary()).toBe('161 caracteres · GSM-7 · 2 partes');
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('El SMS generado ocupa 2 partes; la organización admite como máximo 1.')).toBeTruthy();
    expect(fake.sent('upsertNotificationTemplate')).toEqual([]);
  });

  it('sends BodySms for an SMS template, and no id for a new one', async () => {
    const fake = await newSms('Su clave vence en {{ contrasena.dias }} dias', { upsertNotificationTemplate: (arg) => okReply({ ...QUEUE_SMS, ...bodyOf(arg), id: 20, companyId: 100, version: 1 }) });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.notifications.eventCreated)).toBeTruthy();
    const sent = bodyOf(fake.sent('upsertNotificationTemplate')[0])!;
    expect(sent.BodySms).toBe('Su clave vence en {{ contrasena.dias }} dias');
    expect(sent.TypeNotification).toBe(2);
    expect(Object.keys(sent)).not.toContain('id');
  });
});

describe('notificaciones/eventos: Liquid as the admin types', () => {
  it('shows a typo under its field in Spanish, and neither saves nor asks a preview', async () => {
    const fake = await openNew({ previewNotificationTemplate: () => okReply({ subject: 's', body: 'b', sms: null, source: null }) });
    type(/^Evento/, 'EXPORTACION_FALLIDA');
    type(/^Código/, 'exportacion-correo');
    type(/^Cuerpo del correo/, 'Hola {{ usuario.nombr }}');
    expect(dialog().getByText('El cuerpo del correo usa variables que el evento no tiene: «usuario.nombr»')).toBeTruthy();
    expect(dialog().getByText('Escriba la plantilla sin errores para ver la vista previa.')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    await new Promise((r) => setTimeout(r, 800));
    expect(dialog().getAllByText('El cuerpo del correo usa variables que el evento no tiene: «usuario.nombr»')).toHaveLength(1);
    expect(fake.sent('upsertNotificationTemplate')).toEqual([]);
    // The starter may have been previewed while the types loaded; the typo never is.
    expect(fake.sent('previewNotificationTemplate').map((a) => bodyOf(a)?.body)).not.toContainEqual('Hola {{ usuario.nombr }}');
    type(/^Asunto/, 'Bloqueo {{ usuario.nombre ');
    expect(dialog().getByText(/^El asunto no es una plantilla válida: /)).toBeTruthy();
  });

  it('sends neither BodySms nor id for a new e-mail template', async () => {
    const fake = await openNew({ upsertNotificationTemplate: (arg) => okReply({ ...LOCK_MAIL, ...bodyOf(arg), id: 21 }) });
    type(/^Evento/, 'EXPORTACION_FALLIDA');
    type(/^Tipo de notificación/, '2');
    // Typed as an SMS, then back to e-mail: the SMS text is not sent.
    type(/^Cuerpo del SMS/, 'Fallo {{ reporte.nombre }}');
    type(/^Tipo de notificación/, '1');
    type(/^Código/, 'exportacion-correo');
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.notifications.eventCreated)).toBeTruthy();
    const sent = bodyOf(fake.sent('upsertNotificationTemplate')[0])!;
    expect(Object.keys(sent).sort()).toEqual(['TypeNotification', 'body', 'codeTemplate', 'eventType', 'excludeCustomerContent', 'subject']);
  });

  it('refuses a second template of the same event and type: that one is edited in the list', async () => {
    const fake = await openNew();
    type(/^Evento/, 'BLOQUEO_USUARIO');
    type(/^Código/, 'otra');
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('Ya hay una plantilla de este evento para este tipo de notificación: edítela en la lista.')).toBeTruthy();
    expect(fake.sent('upsertNotificationTemplate')).toEqual([]);
  });

  it("lists the event's variables beside the editor; a click inserts one where the cursor was", async () => {
    await openNew();
    type(/^Evento/, 'BLOQUEO_USUARIO');
    type(/^Cuerpo del correo/, 'Hola , su cuenta');
    const body = field(/^Cuerpo del correo/) as HTMLTextAreaElement;
    fireEvent.focus(body);
    body.setSelectionRange(5, 5);
    expect(dialog().getByText('Dirección desde la que llegó el último intento')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Insertar usuario.nombre en El cuerpo del correo' }));
    await waitFor(() => expect(body.value).toBe('Hola {{ usuario.nombre }}, su cuenta'));
    // Into the subject once it had the cursor.
    const subject = field(/^Asunto/) as HTMLInputElement;
    fireEvent.focus(subject);
    subject.setSelectionRange(subject.value.length, subject.value.length);
    fireEvent.click(dialog().getByRole('button', { name: 'Insertar bloqueo.ip en El asunto' }));
    await waitFor(() => expect(subject.value.endsWith('{{ bloqueo.ip }}')).toBe(true));
  });

  it('previews with a real past record of the organisation, naming which, once the admin pauses', async () => {
    const fake = await openNew({
      previewNotificationTemplate: () => okReply({ subject: 'Demo Contact Center: Resumen', body: 'Hola Lucía, gracias por escribir.', sms: null, source: 'la conversación c-42 del 01/12/2026' })
    });
    expect(await dialog().findByText('Generada con: la conversación c-42 del 01/12/2026.')).toBeTruthy();
    expect(dialog().getByText('Hola Lucía, gracias por escribir.')).toBeTruthy();
    const asked = bodyOf(fake.sent('previewNotificationTemplate').at(-1))!;
    expect(asked).toEqual({ eventType: 'RESUMEN_CONVERSACION', TypeNotification: 1, codeTemplate: 'vista-previa', subject: STARTER_SUBJECT, body: STARTER_BODY, excludeCustomerContent: false });
    // Typing again asks again, once, with what was typed.
    type(/^Asunto/, 'Resumen de {{ organizacion.nombre }}');
    type(/^Asunto/, 'Resumen de su chat con {{ organizacion.nombre }}');
    await waitFor(() => expect(bodyOf(fake.sent('previewNotificationTemplate').at(-1))!.subject).toBe('Resumen de su chat con {{ organizacion.nombre }}'));
    expect(fake.sent('previewNotificationTemplate')).toHaveLength(2);
  });

  it("says the platform's reason when the preview is refused", async () => {
    await openNew({ previewNotificationTemplate: () => failReply(400, 'El cuerpo del correo no se puede generar') });
    expect(await dialog().findByText(/No se pudo generar la vista previa: El cuerpo del correo no se puede generar/)).toBeTruthy();
  });
});

describe('notificaciones/eventos: Enviar prueba', () => {
  async function editRow(name: string, replies: Partial<Record<SettingsCall, Reply>>) {
    const fake = installSettings({ ...REPLIES, notificationTemplates: () => okReply([LOCK_MAIL, QUEUE_SMS]), ...replies });
    renderPage(<EventsScreen />, 3);
    await screen.findByRole('rowheader', { name });
    fireEvent.click(within(rowOf(name)).getByRole('button', { name: `Editar ${name}` }));
    return fake;
  }

  it("sends the saved e-mail template to the editor's own address and says where it went", async () => {
    const fake = await editRow('bloqueo-correo', { sendTestNotificationTemplate: () => okReply({ queued: true, recipient: 'admin@demo.co' }) });
    expect(dialog().getByText('Envía la versión guardada de la plantilla a su propio correo.')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('Prueba enviada a admin@demo.co. Su resultado aparece en Reportes › Notificaciones.')).toBeTruthy();
    expect(fake.sent('sendTestNotificationTemplate').map((a) => [(a as { params?: unknown }).params, bodyOf(a)])).toEqual([[{ id: 11 }, {}]]);
    // Nothing was saved: the editor is still open.
    expect(fake.sent('upsertNotificationTemplate')).toEqual([]);
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
  });

  it('asks an SMS template for a phone, refusing a bad one before sending', async () => {
    const fake = await editRow('no-atendido-sms', { sendTestNotificationTemplate: (arg) => okReply({ queued: true, recipient: (bodyOf(arg) as { phone: string }).phone }) });
    fireEvent.click(dialog().getByRole('button', { name: 'Enviar prueba' }));
    expect(await dialog().findByText('Ingrese un número de celular válido')).toBeTruthy();
    type(/^Celular para la prueba/, '30-12');
    fireEvent.click(dialog().getByRole('button', { name: 'Enviar prueba' }));
    expect(dialog().getByText('Ingrese un número de celular válido')).toBeTruthy();
    expect(fake.sent('sendTestNotificationTemplate')).toEqual([]);
    type(/^Celular para la prueba/, '+573001234567');
    // Enter in the phone sends the test; the template is not saved.
    fireEvent.keyDown(field(/^Celular para la prueba/), { key: 'Enter' });
    expect(await screen.findByText('Prueba enviada a +573001234567. Su resultado aparece en Reportes › Notificaciones.')).toBeTruthy();
    expect(bodyOf(fake.sent('sendTestNotificationTemplate')[0])).toEqual({ phone: '+573001234567' });
    expect(fake.sent('upsertNotificationTemplate')).toEqual([]);
  });

  it('says which version a test sends while there are unsaved changes, and the refusal of the platform', async () => {
    await editRow('bloqueo-correo', { sendTestNotificationTemplate: () => failReply(400, 'No hay un correo para su usuario') });
    type(/^Código/, 'bloqueo-cambiado');
    expect(dialog().getByText('Hay cambios sin guardar: la prueba usa la versión guardada (3).')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Enviar prueba' }));
    expect(await dialog().findByText('No hay un correo para su usuario')).toBeTruthy();
    expect(await screen.findByText('No se pudo enviar la prueba')).toBeTruthy();
  });
});

describe('notificaciones/eventos: the list', () => {
  it("names each template's event and type (the organisation's catalogue), its version and whether it includes the customer's content", async () => {
    installSettings({ ...REPLIES, notificationTemplates: () => okReply([LOCK_MAIL, QUEUE_SMS]) });
    renderPage(<EventsScreen />, 3);
    await screen.findByRole('rowheader', { name: 'bloqueo-correo' });
    await waitFor(() => expect(within(rowOf('bloqueo-correo')).getByText('Correo electrónico')).toBeTruthy());
    const sms = within(rowOf('no-atendido-sms'));
    expect(sms.getByText('Chat no atendido')).toBeTruthy();
    expect(sms.getByText('SMS')).toBeTruthy();
    expect(sms.getByText('Excluido')).toBeTruthy();
    expect(within(rowOf('bloqueo-correo')).getByText('3')).toBeTruthy();
  });

  it("offers e-mail and SMS, never WhatsApp, and says when the types cannot be read", async () => {
    await openNew();
    const options = Array.from((field(/^Tipo de notificación/) as unknown as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual(['Seleccione…', 'Correo electrónico', 'SMS']);
    cleanup();
    installSettings({ ...REPLIES, notificationTypes: () => failReply(500, MSG.generic.serverError), notificationTemplates: () => okReply([LOCK_MAIL]) });
    renderPage(<EventsScreen />, 3);
    await screen.findByRole('rowheader', { name: 'bloqueo-correo' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    expect(await dialog().findByText(MSG.notifications.typesLoadFailed)).toBeTruthy();
  });
});
