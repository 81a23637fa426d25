import { LoginBody, NewPassword, type UpdatePasswordBody } from '../../../shared/domain/session';
import { LDAP_TEXT, LdapLoginBody } from '../../../shared/domain/ldap';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Validation<K extends string, T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

export interface LoginValues {
  email: string;
  password: string;
}

export const LOGIN_TEXT = {
  emailRequired: 'Ingrese el correo electrónico',
  passwordRequired: 'Ingrese la contraseña'
} as const;

/** The login form's checks, in Spanish, before anything is sent. */
export function validateLogin(values: LoginValues): Validation<keyof LoginValues, LoginBody> {
  const errors: FieldErrors<keyof LoginValues> = {};
  if (values.email.trim() === '') errors.email = LOGIN_TEXT.emailRequired;
  if (values.password === '') errors.password = LOGIN_TEXT.passwordRequired;
  const parsed = LoginBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

export interface LdapLoginValues {
  username: string;
  password: string;
  /** The name of the organisation whose directory applies, as the person types it. */
  organization: string;
}

/**
 * The LDAP form's checks: the directory's user name, the password, and — when several organisations
 * offer directory sign-in (`organisationRequired`) — the organisation's name; otherwise it is not sent.
 */
export function validateLdapLogin(values: LdapLoginValues, organisationRequired: boolean): Validation<keyof LdapLoginValues, LdapLoginBody> {
  const errors: FieldErrors<keyof LdapLoginValues> = {};
  if (values.username.trim() === '') errors.username = LDAP_TEXT.usernameRequired;
  if (values.password === '') errors.password = LDAP_TEXT.passwordRequired;
  if (organisationRequired && values.organization.trim() === '') errors.organization = LDAP_TEXT.organisationRequired;
  const parsed = LdapLoginBody.safeParse({
    username: values.username,
    password: values.password,
    ...(organisationRequired ? { organization: values.organization } : {})
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password' || field === 'organization') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

export interface PasswordChangeValues {
  current: string;
  next: string;
  confirm: string;
}

export const PASSWORD_TEXT = {
  currentRequired: 'Ingrese la contraseña actual',
  nextRequired: 'Ingrese la nueva contraseña',
  confirmRequired: 'Confirme la nueva contraseña',
  mismatch: 'Las contraseñas no coinciden',
  sameAsCurrent: 'La nueva contraseña debe ser diferente de la actual'
} as const;

/** The change-password form's checks: required fields, the new-password rule, confirmation match. */
export function validatePasswordChange(
  values: PasswordChangeValues
): Validation<keyof PasswordChangeValues, UpdatePasswordBody> {
  const errors: FieldErrors<keyof PasswordChangeValues> = {};
  if (values.current === '') errors.current = PASSWORD_TEXT.currentRequired;
  if (values.next === '') {
    errors.next = PASSWORD_TEXT.nextRequired;
  } else {
    const rule = NewPassword.safeParse(values.next);
    if (!rule.success) errors.next = rule.error.issues[0]?.message;
    else if (values.next === values.current) errors.next = PASSWORD_TEXT.sameAsCurrent;
  }
  if (values.confirm === '') errors.confirm = PASSWORD_TEXT.confirmRequired;
  else if (values.confirm !== values.next) errors.confirm = PASSWORD_TEXT.mismatch;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { oldPassword: values.current, newPassword: values.next } };
}
