import { z } from 'zod';
import { hasNoNul } from './fields';

/**
 * The password policy, said once for the platform (which enforces it) and the forms (which show
 * the same words before anything is sent). SPEC does not fix the rule: at least 8 characters with a
 * letter and a digit, at most 128; never the user's own e-mail or its user name; never the current
 * password when changing it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** An e-mail's user name shorter than this is not looked for inside a password ('ana' would refuse too much). */
const MIN_NAME_IN_PASSWORD = 4;

export const PASSWORD_TEXT = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede superar ${PASSWORD_MAX_LENGTH} caracteres`,
  letter: 'La contraseña debe tener al menos una letra',
  digit: 'La contraseña debe tener al menos un número',
  invalidCharacters: 'La contraseña contiene caracteres no permitidos',
  containsEmail: 'La contraseña no puede contener el correo electrónico ni el nombre de usuario',
  sameAsCurrent: 'La nueva contraseña debe ser diferente de la contraseña actual'
} as const;

/** A new password on its own (length, a letter, a digit). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TEXT.tooShort })
  .max(PASSWORD_MAX_LENGTH, { message: PASSWORD_TEXT.tooLong })
  .regex(/[A-Za-zÁÉÍÓÚÑÜáéíóúñü]/, { message: PASSWORD_TEXT.letter })
  .regex(/[0-9]/, { message: PASSWORD_TEXT.digit })
  .refine(hasNoNul, { message: PASSWORD_TEXT.invalidCharacters });

/** Whether the password holds the e-mail, or the e-mail's user name (the part before '@'), ignoring case. */
export function containsEmail(password: string, email: string): boolean {
  const pass = password.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (mail === '') return false;
  const name = mail.split('@')[0] ?? '';
  return pass.includes(mail) || (name.length >= MIN_NAME_IN_PASSWORD && pass.includes(name));
}

export interface PasswordContext {
  /** The account's e-mail (its sign-in name). */
  email?: string;
  /** The password in use, when changing it. */
  current?: string;
}

/** Every rule the password breaks, in Spanish, in the order a form lists them (none: it is acceptable). */
export function passwordIssues(password: string, context: PasswordContext = {}): string[] {
  const issues = NewPassword.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];
  if (context.email !== undefined && containsEmail(password, context.email)) issues.push(PASSWORD_TEXT.containsEmail);
  if (context.current !== undefined && password === context.current) issues.push(PASSWORD_TEXT.sameAsCurrent);
  return issues;
}
