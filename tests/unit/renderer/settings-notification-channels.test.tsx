// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordScreen } from '../../../src/renderer/components/settings/RecordScreen';
import { channelsRecord } from '../../../src/renderer/features/settings/notifications/channels';
import { OutboxSection, SuppressionsSection } from '../../../src/renderer/features/settings/notifications/DeliverySections';
import { EventsScreen } from '../../../src/renderer/features/settings/notifications/events.screen';
import type { NotifyChannelsView, OutboxEntry } from '../../../src/shared/domain/notify-channels';
import type { SettingsCallArg } from '../../../src/shared/settings-calls';
import { describeRecordScreen, failReply, findConfirm, installSettings, NOTIFY_CHANNELS_VIEW, okReply, renderPage, rowOf } from './settings-fixtures';

afterEach(cleanup);

const VIEW = NOTIFY_CHANNELS_VIEW;
const STORED = {
  smtpHost: 'smtp.demo.co',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'notificaciones',
  fromAddress: 'avisos@demo.co',
  smsUrl: 'https://sms.demo.co/enviar',
  smsUser: 'demo',
  smsMaxParts: 3,
  capCount: 5,
  capWindowMinutes: 10
};

const bodyOf = (a: SettingsCallArg | undefined) => (a as { body?: unknown } | undefined)?.body as Record<string, unknown> | undefined;

describeRecordScreen(channelsRecord(null), {
  role: 3,
  record: VIEW,
  shown: { smtpHost: 'smtp.demo.co', smtpPort: '587', smtpUser: 'notificaciones', smtpPassword: '', smsMaxParts: '3', capCount: '5' },
  refused: {
    fill: { smtpHost: 'smtp://correo.demo.co', smtpPort: '70000', smsUrl: 'sms.demo.co', capCount: '0' },
    messages: [
      'El servidor SMTP debe ser un nombre de equipo o una dirección IP, sin protocolo ni puerto',
      'El puerto SMTP no puede superar 65535',
      'La URL del proveedor de SMS debe empezar por http:// o https://',
      'El máximo de notificaciones por destinatario debe ser al menos 1'
    ]
  },
  fill: { smtpHost: 'mail.demo.co', smtpPort: '465', smtpSecurity: 'tls', smsUrl: 'https://sms.demo.co/v2', capCount: '8' },
  sent: { ...STORED, smtpHost: 'mail.demo.co', smtpPort: 465, smtpSecurity: 'tls', smsUrl: 'https://sms.demo.co/v2', capCount: 8 }
});

const openChannels = async (view: NotifyChannelsView = VIEW, replies: Parameters<typeof installSettings>[0] = {}) => {
  const fake = installSettings({
    notifyChannels: () => okReply(view),
    saveNotifyChannels: (arg) => {
      const { smtpPassword, smsToken, ...rest } = bodyOf(arg) as Record<string, unknown>;
      return okReply({ ...view, ...rest, hasSmtpPassword: view.hasSmtpPassword || smtpPassword !== undefined, hasSmsToken: view.hasSmsToken || smsToken !== undefined });
    },
    ...replies
  });
  renderPage(<RecordScreen descriptor={channelsRecord(null)} />, 3);
  const form = within(await screen.findByRole('form', { name: 'Canales de envío' }));
  await waitFor(() => expect((form.getByLabelText(/^Servidor SMTP/) as HTMLInputElement).value).toBe(view.smtpHost));
  return { fake, form };
};

describe('notificaciones/eventos: the channels', () => {
  it("never shows the SMTP password: 'Guardada' while one is stored, kept when left empty, replaced when typed", async () => {
    const { fake, form } = await openChannels();
    const password = form.getByLabelText(/^Contraseña SMTP/) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    expect(form.getByText('Guardada. Escriba otra para reemplazarla; déjela vacía para conservarla.')).toBeTruthy();
    expect(form.getByText('No hay ninguno guardado.')).toBeTruthy();

    fireEvent.change(form.getByLabelText(/^Remitente/), { target: { value: 'alertas@demo.co' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Canales de envío guardados')).toBeTruthy();
    expect(Object.keys(bodyOf(fake.sent('saveNotifyChannels')[0])!)).not.toContain('smtpPassword');

    fireEvent.change(password, { target: { value: 'nueva-clave' } });
    fireEvent.change(form.getByLabelText(/^Token del proveedor/), { target: { value: 'tk-123' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fake.sent('saveNotifyChannels')).toHaveLength(2));
    expect(bodyOf(fake.sent('saveNotifyChannels')[1])).toMatchObject({ smtpPassword: 'nueva-clave', smsToken: 'tk-123' });
    // What was typed is not kept on screen: the form starts again from what is stored.
    await waitFor(() => expect((form.getByLabelText(/^Contraseña SMTP/) as HTMLInputElement).value).toBe(''));
    expect((form.getByLabelText(/^Token del proveedor/) as HTMLInputElement).value).toBe('');
    expect(form.getByText('Guardado. Escriba otro para reemplazarlo; déjelo vacío para conservarlo.')).toBeTruthy();
  });

  it('says that without an SMTP server each e-mail is written as an .eml file to the outbox folder', async () => {
    const { form } = await openChannels({ ...VIEW, smtpHost: '', configured: false, outboxFolder: '/var/lib/atiende/outbox' });
    expect(
      form.getByText(
        'Sin servidor SMTP: cada correo se escribe como un archivo .eml en la carpeta de salida de la plataforma (/var/lib/atiende/outbox) y queda en el log de notificaciones.'
      )
    ).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Servidor SMTP/), { target: { value: 'smtp.demo.co' } });
    expect(form.queryByText(/Sin servidor SMTP/)).toBeNull();
  });

  it("'Probar conexión' tries each channel as typed, unsaved, and shows ok, detail and latency", async () => {
    const { fake, form } = await openChannels(VIEW, {
      probeNotifyChannel: (arg) =>
        (bodyOf(arg) as { channel: string }).channel === 'email'
          ? okReply({ ok: true, detail: '220 mail.demo.co ESMTP listo', latencyMs: 42 })
          : okReply({ ok: false, detail: 'El proveedor respondió 401', latencyMs: 130 })
    });
    fireEvent.change(form.getByLabelText(/^Servidor SMTP/), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMTP' }));
    expect(await form.findByText('Ingrese el servidor SMTP que desea probar')).toBeTruthy();
    expect(fake.sent('probeNotifyChannel')).toEqual([]);
    fireEvent.change(form.getByLabelText(/^Servidor SMTP/), { target: { value: 'mail.demo.co' } });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMTP' }));
    expect(await form.findByText('Conexión exitosa')).toBeTruthy();
    expect(form.getByText('220 mail.demo.co ESMTP listo')).toBeTruthy();
    expect(form.getByText('42 ms')).toBeTruthy();
    expect(bodyOf(fake.sent('probeNotifyChannel')[0])).toEqual({ ...STORED, smtpHost: 'mail.demo.co', channel: 'email' });

    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMS' }));
    expect(await form.findByText('La conexión falló')).toBeTruthy();
    expect(form.getByText('El proveedor respondió 401')).toBeTruthy();
    expect(form.getByText('130 ms')).toBeTruthy();
    expect(fake.sent('saveNotifyChannels')).toEqual([]);
  });

  it('tries nothing without a server to try, or while the settings are refused; says why the platform refused a try, under its field when it names one', async () => {
    let refusal = 'smsUrl: La URL del proveedor de SMS no responde en una dirección permitida';
    const { fake, form } = await openChannels({ ...VIEW, smtpHost: 'smtp.demo.co', smsUrl: '' }, { probeNotifyChannel: () => failReply(400, refusal) });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMS' }));
    expect(await form.findByText('Ingrese la URL del proveedor de SMS que desea probar')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^URL del proveedor de SMS/), { target: { value: 'https://10.0.0.9/sms' } });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMS' }));
    expect(await form.findAllByText('La URL del proveedor de SMS no responde en una dirección permitida')).toHaveLength(2);
    refusal = 'Demasiadas pruebas: espere un minuto';
    fireEvent.change(form.getByLabelText(/^Puerto/), { target: { value: 'abc' } });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMTP' }));
    expect(await form.findByText('El puerto SMTP debe ser un número')).toBeTruthy();
    expect(fake.sent('probeNotifyChannel')).toHaveLength(1);
    fireEvent.change(form.getByLabelText(/^Puerto/), { target: { value: '25' } });
    fireEvent.click(form.getByRole('button', { name: 'Probar conexión SMTP' }));
    expect(await form.findByText('Demasiadas pruebas: espere un minuto')).toBeTruthy();
  });
});

const entry = (id: number, status: string, destinatario: string): OutboxEntry => ({
  id,
  eventType: 'CHAT_NO_ATENDIDO',
  TypeNotification: 1,
  destinatario,
  status,
  attempts: status === 'FALLIDA' ? 5 : 2,
  lastError: '421 servidor no disponible',
  createdAt: '2026-12-01T15:00:00.000Z',
  nextAttemptAt: '2026-12-01T15:10:00.000Z'
});
const TYPES = [
  { typeNotificationId: 1, name: 'Correo electrónico' },
  { typeNotificationId: 2, name: 'SMS' }
];

describe('notificaciones/eventos: what did not leave', () => {
  it("puts a failed notification back in the queue with 'Reintentar', and says why when refused", async () => {
    let refuse = true;
    const fake = installSettings({
      outboxEntries: () => okReply([entry(7, 'FALLIDA', 'sup@demo.co'), entry(8, 'PENDIENTE', 'otro@demo.co')]),
      retryOutboxEntry: () => (refuse ? failReply(409, 'La notificación no está fallida') : okReply({ ...entry(7, 'PENDIENTE', 'sup@demo.co'), attempts: 0 }))
    });
    renderPage(<OutboxSection idOrg={null} types={TYPES} />, 3);
    const failed = within(await screen.findByRole('row', { name: /sup@demo\.co/ }));
    expect(failed.getByText('Fallida')).toBeTruthy();
    expect(failed.getByText('Chat no atendido')).toBeTruthy();
    expect(failed.getByText('Correo electrónico')).toBeTruthy();
    expect(within(rowOf('otro@demo.co')).queryByRole('button', { name: /Reintentar/ })).toBeNull();
    fireEvent.click(failed.getByRole('button', { name: 'Reintentar la notificación a sup@demo.co' }));
    expect(await screen.findByText('La notificación no está fallida')).toBeTruthy();
    expect(await screen.findByText('No se pudo reintentar la notificación')).toBeTruthy();
    refuse = false;
    fireEvent.click(failed.getByRole('button', { name: 'Reintentar la notificación a sup@demo.co' }));
    expect(await screen.findByText('La notificación volvió a la cola de envío.')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('sup@demo.co')).getByText('Pendiente')).toBeTruthy());
    expect(fake.sent('retryOutboxEntry').map((a) => (a as { params?: unknown }).params)).toEqual([{ id: 7 }, { id: 7 }]);
  });

  it('says when nothing failed, and its load error', async () => {
    installSettings({ outboxEntries: () => okReply([]) });
    renderPage(<OutboxSection idOrg={null} types={TYPES} />, 3);
    expect(await screen.findByText('No hay notificaciones fallidas ni pendientes.')).toBeTruthy();
    cleanup();
    installSettings({ outboxEntries: () => failReply(500, 'caído') });
    renderPage(<OutboxSection idOrg={null} types={TYPES} />, 3);
    expect(await screen.findByText('Error al obtener las notificaciones fallidas')).toBeTruthy();
  });

  it('lifts a suppressed address only after confirming, and only when the platform confirms it', async () => {
    let success = false;
    const fake = installSettings({
      notificationSuppressions: () => okReply([{ address: 'rebote@demo.co', reason: '550 buzón inexistente', since: '2026-11-30T12:00:00.000Z' }]),
      deleteNotificationSuppression: () => okReply({ success })
    });
    renderPage(<SuppressionsSection idOrg={null} />, 3);
    const row = within(await screen.findByRole('row', { name: /rebote@demo\.co/ }));
    expect(row.getByText('550 buzón inexistente')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Quitar la supresión de rebote@demo.co' }));
    let confirm = await findConfirm();
    expect(confirm.getByText('¿Volver a enviar a rebote@demo.co?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.sent('deleteNotificationSuppression')).toEqual([]);

    fireEvent.click(row.getByRole('button', { name: 'Quitar la supresión de rebote@demo.co' }));
    confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: 'Quitar supresión', hidden: true }));
    expect(await screen.findByText('No se pudo quitar la supresión')).toBeTruthy();
    success = true;
    fireEvent.click(confirm.getByRole('button', { name: 'Quitar supresión', hidden: true }));
    expect(await screen.findByText('La dirección vuelve a recibir notificaciones.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /rebote@demo\.co/ })).toBeNull());
    expect(fake.sent('deleteNotificationSuppression').map((a) => (a as { query?: unknown }).query)).toEqual([{ address: 'rebote@demo.co' }, { address: 'rebote@demo.co' }]);
  });
});

describe('notificaciones/eventos: the page', () => {
  it("holds the templates, then the channels, the failed notifications and the suppressed addresses, all of the organisation a Superadministrador chose", async () => {
    const orgs = [
      { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Contact center' },
      { idOrg: 200, name: 'Otra Entidad', schemaName: 'otra', isActive: true, organizationType: 'Contact center' }
    ];
    const fake = installSettings({
      organizations: () => okReply(orgs),
      notificationTypes: () => okReply(TYPES),
      notificationTemplates: () => okReply([]),
      notifyChannels: (arg) => okReply({ ...VIEW, idOrg: arg.idOrg ?? 100, smtpHost: arg.idOrg === 200 ? 'smtp.otra.co' : VIEW.smtpHost }),
      outboxEntries: () => okReply([]),
      notificationSuppressions: () => okReply([])
    });
    renderPage(<EventsScreen />, 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeTruthy();
    for (const name of ['Canales de envío', 'Notificaciones fallidas y pendientes', 'Direcciones suprimidas']) expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Organización/) as HTMLSelectElement).options.length).toBe(2));
    fireEvent.change(screen.getByLabelText(/^Organización/), { target: { value: '200' } });
    await waitFor(() => expect((screen.getByLabelText(/^Servidor SMTP/) as HTMLInputElement).value).toBe('smtp.otra.co'));
    for (const call of ['notificationTemplates', 'outboxEntries', 'notificationSuppressions'] as const) expect(fake.sent(call).map((a) => a.idOrg)).toEqual([100, 200]);
  });
});
