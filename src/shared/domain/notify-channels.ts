import { z } from 'zod';
import { Email } from './session';
import { hasNoControl, intBetween, serverReachedUrls } from './fields';

/**
 * Issue 39: how an organisation's notifications leave the platform — its SMTP server and its SMS
 * provider (an HTTP endpoint) — and its flood guard. Not shown in SPEC. The SMTP password and the
 * SMS token go in, never out: the view says only whether one is stored. With no SMTP host, e-mails
 * are written as .eml files to the platform's outbox folder.
 */

export const NOTIFY_LIMITS = {
  host: 253,
  user: 254,
  secret: 256,
  url: 2048,
  smsMaxParts: { min: 1, max: 10 },
  capCount: { min: 1, max: 1000 },
  capWindowMinutes: { min: 1, max: 1440 }
} as const;

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  none: 'Sin cifrado',
  starttls: 'STARTTLS',
  tls: 'TLS'
};

const noControl = (label: string) => ({ message: `${label} contiene caracteres no permitidos: saltos de línea, tabulaciones u otros caracteres de control` });

const line = (label: string, max: number) =>
  z
    .string({ message: `${label} debe ser un texto` })
    .trim()
    .max(max, { message: `${label} no puede superar ${max} caracteres` })
    .refine(hasNoControl, noControl(label));

/** A host name or an IP address (no scheme, no port); empty: no SMTP server (the .eml outbox). */
export const SmtpHost = line('El servidor SMTP', NOTIFY_LIMITS.host).refine((v) => v === '' || /^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/.test(v), {
  message: 'El servidor SMTP debe ser un nombre de equipo o una dirección IP, sin protocolo ni puerto'
});
serverReachedUrls.add(SmtpHost, { reachedBy: "the notification worker and 'Probar conexión' (src/server/notify/channels)" });

/** An https URL of the SMS provider; empty: no SMS channel. */
export const SmsUrl = line('La URL del proveedor de SMS', NOTIFY_LIMITS.url).refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), {
  message: 'La URL del proveedor de SMS debe empezar por http:// o https://'
});
serverReachedUrls.add(SmsUrl, { reachedBy: "the notification worker and 'Probar conexión' (src/server/notify/channels)" });

const Secret = (label: string) =>
  z
    .string()
    .min(1, { message: `Ingrese ${label}` })
    .max(NOTIFY_LIMITS.secret, { message: `${label} no puede superar ${NOTIFY_LIMITS.secret} caracteres` })
    .refine(hasNoControl, noControl(label));

const channelFields = {
  smtpHost: SmtpHost,
  smtpPort: intBetween('El puerto SMTP', 1, 65535),
  smtpSecurity: z.enum(SMTP_SECURITY, { message: 'Seleccione el cifrado de la conexión SMTP' }),
  smtpUser: line('El usuario SMTP', NOTIFY_LIMITS.user),
  /** The From address. Empty: the platform's own (notificaciones@atiende.local). */
  fromAddress: z.union([z.literal(''), Email]),
  smsUrl: SmsUrl,
  smsUser: line('El usuario del proveedor de SMS', NOTIFY_LIMITS.user),
  smsMaxParts: intBetween('El máximo de partes por SMS', NOTIFY_LIMITS.smsMaxParts.min, NOTIFY_LIMITS.smsMaxParts.max),
  capCount: intBetween('El máximo de notificaciones por destinatario', NOTIFY_LIMITS.capCount.min, NOTIFY_LIMITS.capCount.max),
  capWindowMinutes: intBetween('La ventana del máximo (minutos)', NOTIFY_LIMITS.capWindowMinutes.min, NOTIFY_LIMITS.capWindowMinutes.max)
};

/**
 * What an administrator saves. A secret absent keeps the stored one; a value replaces it; an empty
 * smtpUser (or smsUrl) forgets the SMTP password (or SMS token).
 */
export const NotifyChannelsBody = z.object({
  ...channelFields,
  smtpPassword: Secret('la contraseña SMTP').optional(),
  smsToken: Secret('el token del proveedor de SMS').optional()
});
export type NotifyChannelsBody = z.infer<typeof NotifyChannelsBody>;

export const NOTIFY_DEFAULTS = {
  smtpHost: '',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: '',
  fromAddress: '',
  smsUrl: '',
  smsUser: '',
  smsMaxParts: 3,
  capCount: 5,
  capWindowMinutes: 10
} as const satisfies Omit<NotifyChannelsBody, 'smtpPassword' | 'smsToken'>;

export const NotifyChannelsView = z.object({
  idOrg: z.number().int(),
  configured: z.boolean(),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  smtpSecurity: z.enum(SMTP_SECURITY),
  smtpUser: z.string(),
  hasSmtpPassword: z.boolean(),
  fromAddress: z.string(),
  smsUrl: z.string(),
  smsUser: z.string(),
  hasSmsToken: z.boolean(),
  smsMaxParts: z.number().int(),
  capCount: z.number().int(),
  capWindowMinutes: z.number().int(),
  /** Where e-mails go while there is no SMTP host: the platform's outbox folder (.eml files). */
  outboxFolder: z.string().nullable()
});
export type NotifyChannelsView = z.infer<typeof NotifyChannelsView>;

/** 'Probar conexión': the settings as typed (unsaved; a secret left out is the stored one) and the channel to try. */
export const NotifyProbeBody = NotifyChannelsBody.extend({ channel: z.enum(['email', 'sms'], { message: 'Seleccione el canal que desea probar' }) });
export const NotifyProbeResult = z.object({ ok: z.boolean(), detail: z.string(), latencyMs: z.number().int().nonnegative() });

/** A notification the outbox gave up on ('fallido'), or one still queued: the list with 'Reintentar'. */
export const OutboxEntry = z.object({
  id: z.number().int(),
  eventType: z.string(),
  TypeNotification: z.number().int(),
  destinatario: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.string(),
  nextAttemptAt: z.string()
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/** A rendered template: what the preview shows and what 'Enviar prueba' sends. */
export const TemplatePreview = z.object({
  subject: z.string(),
  body: z.string(),
  sms: z.string().nullable(),
  /** The past conversation (or user) it was rendered with; null: the catalogue's examples. */
  source: z.string().nullable()
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

/** An address the platform no longer writes to (a permanent bounce), with why and since when. */
export const Suppression = z.object({ address: z.string(), reason: z.string(), since: z.string() });
