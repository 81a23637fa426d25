import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notAttendedEvents, notificationOutbox, organizations, users } from '../../../src/server/db/schema';
import { DIRECTORY_ONLY_HASH } from '../../../src/server/auth/passwords';
import {
  conversationVariables,
  daysLeft,
  latestRecordVariables,
  NO_SPLIT,
  notAttendedVariables,
  passwordExpiresAt,
  userVariables,
  type EventVariables
} from '../../../src/server/notify/variables';
import { NOTIFICATION_EVENTS, type NotificationEventCode } from '../../../src/shared/notifications/events';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { createChatFixture, type ChatFixture } from '../realtime/fixtures';
import { bogota, insertConversation } from './notify-events-fixtures';

const names = (code: NotificationEventCode) => NOTIFICATION_EVENTS.find((e) => e.code === code)?.variables.map((v) => v.name).sort();
const keysOf = (variables: EventVariables | null | undefined) => Object.keys(variables ?? {}).sort();

/** The fixture's entry form answered: 'Nombre' is its first text field, 'Correo' its e-mail field. */
const ANA = { Nombre: 'Ana Gómez', 'Tipo de documento': 'CÉDULA CIUDADANIA', 'Número de documento': '52123456', Correo: 'Ana.Gomez@Correo.co' };

describe.each(BACKENDS)('notification variables from real records (%s)', (backend) => {
  let platform: TestPlatform;
  let fx: ChatFixture;
  /** An organisation with no record of any event. */
  let empty: ChatFixture;
  const db = () => platform.app.db;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    fx = await createChatFixture(platform.app, { agentsA: 2 });
    empty = await createChatFixture(platform.app, { agentsA: 0 });
  });
  afterAll(async () => platform?.close());

  const code = async (c: string) => {
    const [row] = await db().select().from(notAttendedEvents).where(eq(notAttendedEvents.code, c));
    if (!row) throw new Error(`no not-attended event ${c}`);
    return row;
  };

  it('RESUMEN_CONVERSACION: the customer from the entry form, the agent who attended, and only the messages the customer saw, in order, at Bogotá times', async () => {
    const [first, second] = fx.agents;
    if (!first || !second) throw new Error('two agents expected');
    const idConv = await insertConversation(db(), fx, {
      customerData: ANA,
      status: 'FINALIZADA',
      startedAt: bogota('2026-03-02', '10:02'),
      endedAt: bogota('2026-03-02', '10:31'),
      splitId: fx.splitA,
      agentId: second.userId,
      messages: [
        { tipoUsuario: 'BOT', mensaje: '¡Hola! Soy el asistente de pruebas.', at: bogota('2026-03-02', '10:02') },
        { tipoUsuario: 'CLIENTE', mensaje: 'Quiero hablar con un asesor', at: bogota('2026-03-02', '10:03') },
        { tipoUsuario: 'SISTEMA', mensaje: 'Transferido al split Ventas', at: bogota('2026-03-02', '10:04') },
        { tipoUsuario: 'ASESOR', mensaje: 'Con gusto le ayudo', at: bogota('2026-03-02', '10:05'), agentId: second.userId },
        {
          tipoUsuario: 'CLIENTE',
          tipoMensaje: 'ARCHIVO',
          mensaje: '',
          adjunto: { name: 'factura.pdf', contentType: 'application/pdf', url: '/api/multimedia/descargar/abc' },
          at: bogota('2026-03-02', '10:06')
        },
        { tipoUsuario: 'SISTEMA', tipoMensaje: 'COMMAND', mensaje: 'FCCA', at: bogota('2026-03-02', '10:31') }
      ],
      // The first agent let it go; the second attended it.
      accepted: [
        { agentId: first.userId, at: bogota('2026-03-02', '10:04') },
        { agentId: second.userId, at: bogota('2026-03-02', '10:05') }
      ]
    });
    const variables = await conversationVariables(db(), idConv);
    expect(variables).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: '02/03/2026 10:31',
      'cliente.nombre': 'Ana Gómez',
      'cliente.email': 'Ana.Gomez@Correo.co',
      'conversacion.id': idConv,
      'conversacion.inicio': '02/03/2026 10:02',
      'asesor.nombre': 'Asesora2',
      'conversacion.mensajes': [
        { autor: 'Asistente', texto: '¡Hola! Soy el asistente de pruebas.', hora: '10:02' },
        { autor: 'Cliente', texto: 'Quiero hablar con un asesor', hora: '10:03' },
        { autor: 'Asesor', texto: 'Con gusto le ayudo', hora: '10:05' },
        { autor: 'Cliente', texto: '[Adjunto: factura.pdf]', hora: '10:06' }
      ]
    });
    expect(keysOf(variables)).toEqual(names('RESUMEN_CONVERSACION'));
  });

  it('RESUMEN_CONVERSACION: a customer who left no e-mail has none; one only the assistant attended has no agent', async () => {
    const idConv = await insertConversation(db(), fx, {
      customerData: { Nombre: 'Luis' },
      status: 'FINALIZADA',
      startedAt: bogota('2026-03-02', '09:00'),
      endedAt: bogota('2026-03-02', '09:10'),
      messages: [{ tipoUsuario: 'CLIENTE', mensaje: 'hola', at: bogota('2026-03-02', '09:00') }]
    });
    expect(await conversationVariables(db(), idConv)).toMatchObject({ 'cliente.nombre': 'Luis', 'cliente.email': '', 'asesor.nombre': '' });
    expect(await conversationVariables(db(), 'no-such-conversation')).toBeNull();
  });

  it('CHAT_NO_ATENDIDO: the split, the whole minutes from the queue to the end, the reason from the catalogue, the customer', async () => {
    const timeout = await code('TIEMPO_ESPERA');
    const idConv = await insertConversation(db(), fx, {
      customerData: ANA,
      status: 'FINALIZADA',
      startedAt: bogota('2026-03-02', '11:00'),
      escalatedAt: bogota('2026-03-02', '11:01'),
      queuedAt: bogota('2026-03-02', '11:02'),
      endedAt: new Date(bogota('2026-03-02', '11:17').getTime() + 20_000),
      splitId: fx.splitB,
      notAttendedEventId: timeout.id
    });
    const variables = await notAttendedVariables(db(), idConv);
    expect(variables).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: '02/03/2026 11:17',
      'conversacion.id': idConv,
      'chat.split': 'Ventas',
      'chat.espera': 15,
      'chat.motivo': timeout.descripcion,
      'cliente.nombre': 'Ana Gómez'
    });
    expect(keysOf(variables)).toEqual(names('CHAT_NO_ATENDIDO'));
    // The reason named by the caller; a chat that never reached a split.
    const abandon = await code('ABANDONO');
    const noSplit = await insertConversation(db(), fx, { customerData: {}, status: 'FINALIZADA', startedAt: bogota('2026-03-02', '11:00'), endedAt: bogota('2026-03-02', '11:00') });
    expect(await notAttendedVariables(db(), noSplit, 'ABANDONO')).toMatchObject({ 'chat.split': NO_SPLIT, 'chat.espera': 0, 'chat.motivo': abandon.descripcion, 'cliente.nombre': 'Cliente' });
    // No reason at all: not a chat that went unattended.
    expect(await notAttendedVariables(db(), noSplit)).toBeNull();
  });

  it('the user events: the person, their organisation, and what each tells', async () => {
    const [agent] = fx.agents;
    if (!agent) throw new Error('an agent expected');
    const at = bogota('2026-03-02', '08:15');
    const locked = await userVariables(db(), agent.userId, { eventType: 'BLOQUEO_USUARIO', ip: '10.0.0.8', at });
    expect(locked).toEqual({
      idUser: agent.userId,
      organizationId: fx.orgId,
      email: agent.email,
      name: agent.name,
      variables: { 'organizacion.nombre': fx.orgName, fecha: '02/03/2026 08:15', 'usuario.nombre': agent.name, 'usuario.email': agent.email, 'bloqueo.ip': '10.0.0.8' }
    });
    expect(keysOf(locked?.variables)).toEqual(names('BLOQUEO_USUARIO'));

    const expiring = await userVariables(db(), agent.userId, { eventType: 'CONTRASENA_POR_VENCER', expiresAt: bogota('2026-03-07', '08:00'), at });
    expect(expiring?.variables).toEqual({ 'organizacion.nombre': fx.orgName, fecha: '02/03/2026 08:15', 'usuario.nombre': agent.name, 'contrasena.dias': 5, 'contrasena.vence': '07/03/2026' });
    expect(keysOf(expiring?.variables)).toEqual(names('CONTRASENA_POR_VENCER'));

    const failed = await userVariables(db(), agent.userId, { eventType: 'EXPORTACION_FALLIDA', report: 'Histórico de asesores', error: 'La carpeta seleccionada no existe', at });
    expect(failed?.variables).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: '02/03/2026 08:15',
      'usuario.nombre': agent.name,
      'reporte.nombre': 'Histórico de asesores',
      'reporte.error': 'La carpeta seleccionada no existe'
    });
    expect(keysOf(failed?.variables)).toEqual(names('EXPORTACION_FALLIDA'));
    expect(await userVariables(db(), 987_654, { eventType: 'BLOQUEO_USUARIO', ip: '', at })).toBeNull();
  });

  it('days left and the expiry date of a password', () => {
    const changed = new Date('2026-01-01T12:00:00Z');
    expect(passwordExpiresAt(changed, 0)).toBeNull();
    const expires = passwordExpiresAt(changed, 90);
    expect(expires?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    if (!expires) return;
    expect(daysLeft(expires, new Date('2026-03-27T12:00:00Z'))).toBe(5);
    expect(daysLeft(expires, new Date('2026-03-27T12:00:01Z'))).toBe(5);
    expect(daysLeft(expires, new Date('2026-04-01T11:00:00Z'))).toBe(1);
    expect(daysLeft(expires, new Date('2026-04-02T00:00:00Z'))).toBe(0);
  });

  it("latestRecordVariables: the organisation's latest record of each event with what it is, and null where it has none", async () => {
    const now = bogota('2026-03-03', '09:00');
    for (const event of NOTIFICATION_EVENTS) expect(await latestRecordVariables(db(), empty.orgId, event.code, now), event.code).toBeNull();

    // Two finished conversations: the later is the preview's.
    await insertConversation(db(), fx, { customerData: { Nombre: 'Antes' }, status: 'FINALIZADA', startedAt: bogota('2026-03-02', '12:00'), endedAt: bogota('2026-03-02', '12:05') });
    const later = await insertConversation(db(), fx, { customerData: ANA, status: 'FINALIZADA', startedAt: bogota('2026-03-02', '13:00'), endedAt: bogota('2026-03-02', '13:20') });
    // Open conversations are no record of either event.
    await insertConversation(db(), fx, { customerData: ANA, status: 'EN_COLA', startedAt: bogota('2026-03-02', '14:00'), queuedAt: bogota('2026-03-02', '14:00') });
    const summary = await latestRecordVariables(db(), fx.orgId, 'RESUMEN_CONVERSACION', now);
    expect(summary).toMatchObject({ variables: { 'conversacion.id': later, 'cliente.nombre': 'Ana Gómez' }, source: 'Conversación finalizada el 02/03/2026 13:20 (Ana Gómez)' });
    const unattended = await latestRecordVariables(db(), fx.orgId, 'CHAT_NO_ATENDIDO', now);
    expect(unattended?.source).toMatch(/^Chat no atendido el \d\d\/\d\d\/2026 \d\d:\d\d \(/);
    expect(keysOf(unattended?.variables)).toEqual(names('CHAT_NO_ATENDIDO'));

    const [one, two] = fx.agents;
    if (!one || !two) throw new Error('two agents expected');
    await db().update(users).set({ lockedAt: bogota('2026-03-01', '08:00'), lockedFromIp: '10.0.0.1' }).where(eq(users.idUser, one.userId));
    await db().update(users).set({ lockedAt: bogota('2026-03-02', '08:00'), lockedFromIp: '10.0.0.2' }).where(eq(users.idUser, two.userId));
    expect(await latestRecordVariables(db(), fx.orgId, 'BLOQUEO_USUARIO', now)).toMatchObject({
      variables: { 'usuario.nombre': two.name, 'bloqueo.ip': '10.0.0.2', fecha: '02/03/2026 08:00' },
      source: `Bloqueo de ${two.name} el 02/03/2026 08:00`
    });

    // The next password to expire: 30 days in the organisation; one changed 27 days ago expires in 3.
    await db().update(organizations).set({ passwordExpirationDays: 30 }).where(eq(organizations.idOrg, fx.orgId));
    await db().update(users).set({ passwordChangedAt: new Date(now.getTime() - 27 * 86_400_000) }).where(eq(users.idUser, one.userId));
    await db().update(users).set({ passwordChangedAt: new Date(now.getTime() - 40 * 86_400_000) }).where(eq(users.idUser, two.userId));
    expect(await latestRecordVariables(db(), fx.orgId, 'CONTRASENA_POR_VENCER', now)).toMatchObject({
      variables: { 'usuario.nombre': one.name, 'contrasena.dias': 3, 'contrasena.vence': '06/03/2026' },
      source: `Contraseña de ${one.name}, vence el 06/03/2026`
    });
    // A directory account's password is not the platform's; with no expiry there is no record.
    await db().update(users).set({ passwordHash: DIRECTORY_ONLY_HASH }).where(eq(users.idUser, one.userId));
    expect(await latestRecordVariables(db(), fx.orgId, 'CONTRASENA_POR_VENCER', now)).toBeNull();
    await db().update(organizations).set({ passwordExpirationDays: 0 }).where(eq(organizations.idOrg, fx.orgId));
    expect(await latestRecordVariables(db(), fx.orgId, 'CONTRASENA_POR_VENCER', now)).toBeNull();

    // A failed export is known only by its notification: the latest one's variables.
    const failed = await userVariables(db(), two.userId, { eventType: 'EXPORTACION_FALLIDA', report: 'Tipificaciones', error: 'Sin conexión', at: now });
    await db()
      .insert(notificationOutbox)
      .values({
        organizationId: fx.orgId,
        eventId: '0f8e6a52-5a62-4a43-9a59-5b4f8b8a1e01',
        eventType: 'EXPORTACION_FALLIDA',
        typeNotificationId: 1,
        templateVersion: 1,
        recipient: two.email,
        recipientRole: 'ADMINISTRADOR',
        idempotencyKey: 'prueba-exportacion',
        variables: failed?.variables ?? {},
        createdAt: now
      });
    expect(await latestRecordVariables(db(), fx.orgId, 'EXPORTACION_FALLIDA', now)).toEqual({ variables: failed?.variables, source: 'Exportación fallida del 03/03/2026 09:00' });
  });
});
