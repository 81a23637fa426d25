/**
 * The notification the `notify` bench sends: a conversation summary (RESUMEN_CONVERSACION) to
 * customer `n` of run `tag`, with the variables the chat's end gives it (src/server/notify/variables.ts
 * conversationVariables: a ten-message transcript). The platform queues it through raiseEvent
 * (notify-platform.ts) and renders it with organisation 100's template; the baseline renders the same
 * template with the same variables before it times anything (notify-baseline.ts). Every customer has
 * an address of their own, so the per-recipient cap (guards.ts) holds nothing back.
 */
import { NOTIFICATION_CHANNEL_IDS, notificationEvent } from '../../src/shared/notifications/events';
import { nestVariables, renderTemplate, withoutCustomerContent } from '../../src/shared/notifications/liquid';

export const BENCH_EVENT = 'RESUMEN_CONVERSACION';
export const EMAIL_CHANNEL = NOTIFICATION_CHANNEL_IDS.email;

/** An organisation's e-mail template of the event, as stored. */
export interface SummaryTemplate {
  subject: string;
  body: string;
  excludeCustomerContent: boolean;
}

export function summaryRecipient(tag: string, n: number): string {
  return `cliente.${tag}.${n}@correo-bench.test`;
}

const TRANSCRIPT: readonly (readonly [string, string])[] = [
  ['Cliente', 'Buenos días, necesito ayuda con el pago de mi factura de este mes.'],
  ['Asistente', 'Con gusto. ¿Me indica el número de su cuenta o su documento de identidad?'],
  ['Cliente', 'Mi documento termina en 4521 y la cuenta está a mi nombre.'],
  ['Asistente', 'Gracias. Lo comunico con un asesor para revisar el pago.'],
  ['Asesor', 'Hola, soy Laura. Veo un pago en trámite del día 3; el banco lo confirma en 24 horas.'],
  ['Cliente', '¿Entonces no me van a cobrar intereses por mora?'],
  ['Asesor', 'No: el pago se registró antes de la fecha límite, así que no se generan intereses.'],
  ['Cliente', 'Perfecto. ¿Me pueden enviar el comprobante al correo?'],
  ['Asesor', 'Claro, le llegará en cuanto el banco confirme. ¿Le ayudo con algo más?'],
  ['Cliente', 'No, eso es todo. Muchas gracias por la atención.']
];

/** The event's variables for customer `n`, as flat paths. */
export function summaryVariables(tag: string, n: number, organisation: string): Record<string, unknown> {
  const minute = (i: number) => `10:${String(2 + i).padStart(2, '0')}`;
  return {
    'organizacion.nombre': organisation,
    fecha: '02/03/2026 10:14',
    'cliente.nombre': `Cliente de carga ${n}`,
    'cliente.email': summaryRecipient(tag, n),
    'conversacion.id': `bench-${tag}-${n}`,
    'conversacion.inicio': '02/03/2026 10:01',
    'asesor.nombre': 'Laura',
    'conversacion.mensajes': TRANSCRIPT.map(([autor, texto], i) => ({ autor, texto, hora: minute(i) }))
  };
}

/** The subject and body as the worker renders them (src/server/notify/deliver.ts render: the subject on one line). */
export function renderSummary(template: SummaryTemplate, flat: Record<string, unknown>): { subject: string; text: string } {
  const event = notificationEvent(BENCH_EVENT);
  if (!event) throw new Error(`bench: ${BENCH_EVENT} is not in the catalogue`);
  const variables = nestVariables(template.excludeCustomerContent ? withoutCustomerContent(event, flat) : flat);
  return { subject: renderTemplate(template.subject, variables).replace(/[\r\n]+/g, ' ').trim(), text: renderTemplate(template.body, variables) };
}
