import { NOTIFICATION_CHANNEL_IDS, type NotificationEventCode } from '../../shared/notifications/events';
import { notificationTemplates } from '../db/schema';
import type { Db } from '../db/types';
import { ensureNotificationTypes } from '../demo/notification-types.seed';

/**
 * Issue 39: the Spanish e-mail template every organisation starts with for each event of the
 * catalogue (the demo organisations through the demo data, a new one when it is created:
 * settings/organization-defaults.ts), so a fresh platform sends real notifications at once. Plain
 * text, in Liquid, reading only each event's variables (checked like any save: tests).
 */
export interface DefaultTemplate {
  eventType: NotificationEventCode;
  codeTemplate: string;
  subject: string;
  body: string;
}

export const DEFAULT_NOTIFICATION_TEMPLATES: readonly DefaultTemplate[] = [
  {
    eventType: 'RESUMEN_CONVERSACION',
    codeTemplate: 'resumen-conversacion',
    subject: 'Resumen de su conversación con {{ organizacion.nombre }}',
    body: [
      'Hola {{ cliente.nombre }}:',
      '',
      'Gracias por comunicarse con {{ organizacion.nombre }}. Este es el resumen de su conversación {{ conversacion.id }}, iniciada el {{ conversacion.inicio }}{% if asesor.nombre != "" %} y atendida por {{ asesor.nombre }}{% endif %}.',
      '',
      '{% for m in conversacion.mensajes %}[{{ m.hora }}] {{ m.autor }}: {{ m.texto }}',
      '{% endfor %}',
      'Este correo se envió automáticamente; por favor no lo responda.'
    ].join('\n')
  },
  {
    eventType: 'CHAT_NO_ATENDIDO',
    codeTemplate: 'chat-no-atendido',
    subject: 'Chat no atendido en {{ chat.split }} ({{ organizacion.nombre }})',
    body: [
      'Un chat de {{ organizacion.nombre }} no fue atendido.',
      '',
      'Conversación: {{ conversacion.id }}',
      'Cliente: {{ cliente.nombre }}',
      'Split: {{ chat.split }}',
      'Esperó: {{ chat.espera }} minutos',
      'Motivo: {{ chat.motivo }}',
      'Fecha: {{ fecha }}',
      '',
      'Revise la cola de chats y la disponibilidad de los asesores.'
    ].join('\n')
  },
  {
    eventType: 'BLOQUEO_USUARIO',
    codeTemplate: 'bloqueo-usuario',
    subject: 'Cuenta bloqueada: {{ usuario.nombre }}',
    body: [
      'La cuenta de {{ usuario.nombre }} ({{ usuario.email }}) en {{ organizacion.nombre }} se bloqueó el {{ fecha }} por intentos fallidos de inicio de sesión.',
      'El último intento llegó desde {{ bloqueo.ip }}.',
      '',
      'Si reconoce la situación, desbloquee la cuenta en Administrar usuarios; si no, revise quién intenta entrar.'
    ].join('\n')
  },
  {
    eventType: 'CONTRASENA_POR_VENCER',
    codeTemplate: 'contrasena-por-vencer',
    subject: 'Su contraseña vence en {{ contrasena.dias }} días',
    body: [
      'Hola {{ usuario.nombre }}:',
      '',
      'Su contraseña de {{ organizacion.nombre }} vence el {{ contrasena.vence }} (en {{ contrasena.dias }} días).',
      'Cámbiela antes de esa fecha para no perder el acceso.'
    ].join('\n')
  },
  {
    eventType: 'EXPORTACION_FALLIDA',
    codeTemplate: 'exportacion-fallida',
    subject: 'No se pudo exportar el reporte programado «{{ reporte.nombre }}»',
    body: [
      'Hola {{ usuario.nombre }}:',
      '',
      'El reporte programado «{{ reporte.nombre }}» no se pudo exportar el {{ fecha }}.',
      'Motivo: {{ reporte.error }}',
      '',
      'Revise la programación del reporte en la aplicación.'
    ].join('\n')
  }
];

/** Gives organisation `orgId` the default e-mail template of each event it has none of (the notification types first, when missing). */
export async function createDefaultTemplates(tx: Db, orgId: number, now: Date): Promise<void> {
  await ensureNotificationTypes(tx);
  await tx
    .insert(notificationTemplates)
    .values(
      DEFAULT_NOTIFICATION_TEMPLATES.map((t) => ({
        organizationId: orgId,
        eventType: t.eventType,
        typeNotificationId: NOTIFICATION_CHANNEL_IDS.email,
        codeTemplate: t.codeTemplate,
        subject: t.subject,
        body: t.body,
        updatedAt: now
      }))
    )
    .onConflictDoNothing();
}
