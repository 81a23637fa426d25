import { z } from 'zod';
import { Email } from './session';
import { PositiveInt, Timestamp, optionalText, requiredText } from './fields';

/** SPEC §3 "Notification type" as the service sends it; the client adds `checked` (like channels). */
export const NotificationType = z.object({ typeNotificationId: z.number().int(), name: z.string() });
export type NotificationType = z.infer<typeof NotificationType>;
export interface NotificationTypeOption extends NotificationType {
  checked: boolean;
}
export function notificationTypeOptions(types: readonly NotificationType[]): NotificationTypeOption[] {
  return types.map((t) => ({ ...t, checked: true }));
}

/**
 * SPEC §3 "Notification template": companyId, eventType, TypeNotification, codeTemplate, BodySms
 * and id. TypeNotification is a notification type id. Issue 39 adds what SPEC does not show:
 * the e-mail's subject and body (Liquid, like BodySms), 'No incluir contenido del cliente' and
 * the version every save increases.
 */
export const NotificationTemplate = z.object({
  companyId: z.number().int(),
  eventType: z.string(),
  TypeNotification: z.number().int(),
  codeTemplate: z.string(),
  BodySms: z.string().optional(),
  id: z.number().int().optional(),
  subject: z.string(),
  body: z.string(),
  excludeCustomerContent: z.boolean(),
  version: z.number().int()
});
export type NotificationTemplate = z.infer<typeof NotificationTemplate>;

/** The longest e-mail body a template may hold. */
export const TEMPLATE_BODY_MAX = 20000;

/**
 * The upsert body; BodySms and id are sent only when present (SPEC §5). An e-mail template needs
 * subject and body; an SMS template needs BodySms (the server checks which, and every variable).
 */
export const UpsertNotificationTemplate = z.object({
  companyId: PositiveInt,
  eventType: requiredText('El tipo de evento', 60).regex(/^[A-Za-z0-9_.-]+$/, { message: 'El tipo de evento solo admite letras, números, puntos, guiones y _' }),
  TypeNotification: PositiveInt,
  codeTemplate: requiredText('El código de la plantilla', 120),
  BodySms: optionalText('El cuerpo del SMS', 1600).optional(),
  id: PositiveInt.optional(),
  subject: optionalText('El asunto', 300).refine((v) => !/[\r\n]/.test(v), { message: 'El asunto no puede tener saltos de línea' }).default(''),
  body: optionalText('El cuerpo del correo', TEMPLATE_BODY_MAX).default(''),
  excludeCustomerContent: z.boolean().default(false)
});

/** SPEC §3 "Notification email": idEmail; the rest is not shown — the address and what it is for. */
export const NotificationEmail = z.object({ idEmail: z.number().int(), email: z.string(), descripcion: z.string(), activo: z.boolean() });
export type NotificationEmail = z.infer<typeof NotificationEmail>;
export const CreateNotificationEmail = z.object({ email: Email, descripcion: optionalText('La descripción', 200).default(''), activo: z.boolean().default(true) });
export const UpdateNotificationEmail = CreateNotificationEmail.extend({ idEmail: PositiveInt });

/** One sent notification (the notification log; shape not shown in SPEC). */
export const NotificationLogEntry = z.object({
  id: z.number().int(),
  fecha: Timestamp,
  eventType: z.string(),
  TypeNotification: z.number().int(),
  typeName: z.string(),
  destinatario: z.string(),
  status: z.string(),
  detalle: z.string()
});
export type NotificationLogEntry = z.infer<typeof NotificationLogEntry>;

/** Counts for the notification statistics page (shapes not shown in SPEC). */
export const NotificationStatusCount = z.object({ status: z.string(), total: z.number().int().nonnegative() });
export const EventRoleCount = z.object({ eventType: z.string(), role: z.string(), total: z.number().int().nonnegative() });
