import { z } from 'zod';
import { PositiveInt, intBetween, requiredText } from './fields';

/**
 * The kinds of session-expiry type every virtual agent has: 'BOT' closes a silent conversation
 * with the assistant, 'ASESOR' one with an agent (ASIGNADA or ACTIVA).
 */
export const SESSION_EXPIRY_KINDS = ['BOT', 'ASESOR'] as const;
export const SessionExpiryKind = z.enum(SESSION_EXPIRY_KINDS);
export type SessionExpiryKind = z.infer<typeof SessionExpiryKind>;

/** The bounds of closingTime, in minutes: one minute to one day. */
export const CLOSING_TIME_MIN = 1;
export const CLOSING_TIME_MAX = 1440;
/** The longest clientMessage (the widget shows it in its end panel). */
export const CLIENT_MESSAGE_MAX = 1000;

/** Control characters besides the line feed and the tab: never part of a message a customer reads. */
// eslint-disable-next-line no-control-regex -- the very characters refused
const OTHER_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * The message the customer reads when the session closes: trimmed, its line breaks written as LF
 * (a CR LF or a lone CR becomes one LF, so the length counted is the one stored), no other control
 * character, 1 to CLIENT_MESSAGE_MAX characters.
 */
export const ClientMessage = z
  .string({ message: 'El mensaje al cliente es obligatorio' })
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .pipe(requiredText('El mensaje al cliente', CLIENT_MESSAGE_MAX))
  .refine((value) => !OTHER_CONTROL.test(value), { message: 'El mensaje al cliente contiene caracteres no permitidos' });

/**
 * SPEC §3 "Session expiry type": how a customer's idle web-chat session ends. closingTime is in
 * minutes of silence (not shown in SPEC); clientMessage is what the customer reads when it closes;
 * kind (ours) says which conversations it closes.
 */
export const SessionExpirationType = z.object({
  idSessionExpirationType: z.number().int(),
  kind: SessionExpiryKind,
  clientMessage: z.string(),
  closingTime: z.number().int()
});
export type SessionExpirationType = z.infer<typeof SessionExpirationType>;

export const UpdateSessionExpiration = z.object({
  idVa: PositiveInt,
  idSessionExpirationType: PositiveInt,
  clientMessage: ClientMessage,
  closingTime: intBetween('El tiempo de cierre', CLOSING_TIME_MIN, CLOSING_TIME_MAX)
});
export type UpdateSessionExpiration = z.infer<typeof UpdateSessionExpiration>;
