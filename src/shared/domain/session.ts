import { z } from 'zod';
import { ROLE_IDS, type RoleId } from '../roles';
import { NO_NUL, hasNoNul } from './fields';

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
  exp: z.number().int()
});
export type TokenClaims = z.infer<typeof TokenClaims>;

export const ChangePasswordCheck = z.object({ changePassword: z.boolean() });

/** A new password: at least 8 characters with a letter and a digit. SPEC does not fix the rule. */
export const NewPassword = z
  .string()
  .min(8, { message: 'La contraseña debe tener al menos 8 caracteres' })
  .max(128, { message: 'La contraseña no puede superar 128 caracteres' })
  .regex(/[A-Za-zÁÉÍÓÚÑáéíóúñ]/, { message: 'La contraseña debe tener al menos una letra' })
  .regex(/[0-9]/, { message: 'La contraseña debe tener al menos un número' })
  .refine(hasNoNul, NO_NUL);

export const UpdatePasswordBody = z.object({
  oldPassword: z.string().min(1, { message: 'Ingrese la contraseña actual' }).max(256).refine(hasNoNul, NO_NUL),
  newPassword: NewPassword
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** SPEC §5: the server's reply text decides the outcome of a password update. */
export const PASSWORD_UPDATED_REPLY = 'Contraseña actualizada';
export const UpdatePasswordResult = z.object({ message: z.string() });

export const LdapLoginBody = z.object({ username: z.string().min(1).max(256).refine(hasNoNul, NO_NUL), password: z.string().min(1).max(256).refine(hasNoNul, NO_NUL) });
