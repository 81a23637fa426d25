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

/** SPEC §3 "Notification template". TypeNotification is a notification type id. */
export const NotificationTemplate = z.object({
  companyId: z.number().int(),
  eventType: z.string(),
  TypeNotification: z.number().int(),
  codeTemplate: z.string(),
  BodySms: z.string().optional(),
  id: z.number().int().optional()
});
export type NotificationTemplate = z.infer<typeof NotificationTemplate>;

/** The upsert body; BodySms and id are sent only when present (SPEC §5). */
export const UpsertNotificationTemplate = z.object({
  companyId: PositiveInt,
  eventType: requiredText('El tipo de evento', 60).regex(/^[A-Za-z0-9_.-]+$/, { message: 'El tipo de evento solo admite letras, números, puntos, guiones y _' }),
  TypeNotification: PositiveInt,
  codeTemplate: requiredText('El código de la plantilla', 120),
  BodySms: optionalText('El cuerpo del SMS', 1000).optional(),
  id: PositiveInt.optional()
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
