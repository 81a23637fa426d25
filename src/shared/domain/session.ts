import { z } from 'zod';
import { ROLE_IDS, type RoleId } from '../roles';
import { NO_NUL, hasNoNul } from './fields';
import { NewPassword } from './password-policy';

export const Email = z.string().trim().toLowerCase().email({ message: 'Ingrese un correo electrónico válido' }).max(254);

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, { message: 'Ingrese la contraseña' }).max(256).refine(hasNoNul, NO_NUL)
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({ token: z.string().min(1), refreshToken: z.string().min(1) });
export type LoginResult = z.infer<typeof LoginResult>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(4096).refine(hasNoNul, NO_NUL) });

export const RoleIdSchema = z.number().int().refine((n): n is RoleId => (ROLE_IDS as readonly number[]).includes(n), {
  message: 'Rol inválido'
}) as unknown as z.ZodType<RoleId>;

/** The access token's claims (SPEC §3 "User session"). */
export const TokenClaims = z.object({
  company: z.number().int(),
  email: z.string(),
  nameCompany: z.string(),
  role: RoleIdSchema,
  sub: z.string(),
  exp: z.number().int(),
  /**
   * Present (true) on a session that signed in with a password it must change first (flagged, or
   * expired: SPEC §2 /change-password). Until it is changed the platform answers such a token only
   * on the entries flagged `beforePasswordChange` (the check and the change itself); 403 elsewhere.
   */
  mustChangePassword: z.literal(true).optional()
});
export type TokenClaims = z.infer<typeof TokenClaims>;

export const ChangePasswordCheck = z.object({ changePassword: z.boolean() });

/** A new password: the shared policy (src/shared/domain/password-policy.ts). */
export { NewPassword };

/** The platform also refuses the current password again and one holding the e-mail (password-policy.ts passwordIssues). */
export const UpdatePasswordBody = z.object({
  oldPassword: z.string().min(1, { message: 'Ingrese la contraseña actual' }).max(256).refine(hasNoNul, NO_NUL),
  newPassword: NewPassword
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** SPEC §5: the server's reply text decides the outcome of a password update. */
export const PASSWORD_UPDATED_REPLY = 'Contraseña actualizada';
export const UpdatePasswordResult = z.object({ message: z.string() });

/** The LDAP sign-in's body lives with the directory's other contracts. */
export { LdapLoginBody } from './ldap';
