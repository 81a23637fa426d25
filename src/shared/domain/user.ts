import { z } from 'zod';
import { ROLE_LABELS, type RoleId } from '../roles';
import { IdParam } from './common';
import { PositiveInt, Timestamp, intBetween, optionalText, requiredText } from './fields';
import { NewPassword, PASSWORD_TEXT, containsEmail } from './password-policy';
import { Email, RoleIdSchema } from './session';

/**
 * SPEC §3 "User": idUser, role (1 to 6), dateCreate, dateUpdate, roleLabel. The list shape is not
 * shown in SPEC; each user also carries its name, e-mail (the sign-in name), organisation and the
 * isActive / isLocked flags its update payloads change.
 */
export const User = z.object({
  idUser: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleIdSchema,
  roleLabel: z.string(),
  company: z.number().int(),
  nameCompany: z.string(),
  isActive: z.boolean(),
  isLocked: z.boolean(),
  dateCreate: Timestamp,
  dateUpdate: Timestamp
});
export type User = z.infer<typeof User>;

/**
 * A user who may take chats (GET /api/users/agents), for filters and split links: a human agent (role 5)
 * or a human-agent supervisor (role 6), who attends chats through 'Atender chats'.
 */
export const Agent = z.object({ idUser: z.number().int(), name: z.string(), email: z.string(), isActive: z.boolean(), role: z.number().int() });
export type Agent = z.infer<typeof Agent>;

/**
 * The roles an Administrador de entidad (3) may give, inside its own organisation (SPEC §2, §6):
 * 3–6. The platform-wide roles 1 and 2 are given only by a Superadministrador.
 */
export const COMPANY_ASSIGNABLE_ROLES: readonly RoleId[] = [3, 4, 5, 6];

export const USER_TEXT = {
  companyRoleOnly: `Solo puede asignar los roles ${COMPANY_ASSIGNABLE_ROLES.map((r) => ROLE_LABELS[r]).join(', ')}`
} as const;

const CompanyRoleId = RoleIdSchema.refine((role) => COMPANY_ASSIGNABLE_ROLES.includes(role), { message: USER_TEXT.companyRoleOnly });

const userFields = {
  name: requiredText('El nombre', 120),
  email: Email
};

/** The initial password may not hold the e-mail (the other rules are NewPassword's). */
function passwordWithoutEmail(value: { email: string; password?: string | undefined }): boolean {
  return value.password === undefined || !containsEmail(value.password, value.email);
}
const NO_EMAIL_IN_PASSWORD = { path: ['password'], message: PASSWORD_TEXT.containsEmail };

/**
 * POST /api/users/company: a user of the caller's organisation (roles 3–6), with an initial
 * password it must change at its first sign-in.
 */
export const CreateCompanyUser = z.object({ ...userFields, role: CompanyRoleId, password: NewPassword }).refine(passwordWithoutEmail, NO_EMAIL_IN_PASSWORD);
/** POST /api/users (role 1): any role, in the organisation named by company. */
export const CreateUser = z
  .object({ ...userFields, role: RoleIdSchema, password: NewPassword, company: PositiveInt })
  .refine(passwordWithoutEmail, NO_EMAIL_IN_PASSWORD);
/**
 * PUT /api/users: name, e-mail and role of an existing user; with password, a new initial password
 * the user must change at its next sign-in (an administrator's reset: the user's sessions end).
 * Role 3 gives only roles 3–6 (the platform answers 400 otherwise).
 */
export const UpdateUser = z
  .object({ idUser: PositiveInt, ...userFields, role: RoleIdSchema, password: NewPassword.optional() })
  .refine(passwordWithoutEmail, NO_EMAIL_IN_PASSWORD);
/** PUT /api/users/{idUser}: activate/deactivate, or unlock (isLocked=false). */
export const UserFlagsUpdate = z.union([z.object({ isActive: z.boolean() }).strict(), z.object({ isLocked: z.literal(false) }).strict()], {
  message: 'Envíe isActive, o isLocked en false'
});

export const UserIdParams = z.object({ idUser: IdParam });

/** GET /api/users: the organisation (roles 1–2 choose it) and an optional search on name or e-mail. */
export const UsersQuery = z.object({ idOrg: IdParam.optional(), search: optionalText('La búsqueda', 120).optional() });

/**
 * SPEC §3 "Block/expiry parameters": one record per organisation. GET answers every organisation
 * the caller may see (all for roles 1–2, its own otherwise).
 */
export const LoginAttemptsParameter = z.object({ idOrg: z.number().int(), organization: z.string(), loginAttemptsAllowed: z.number().int() });
export const PasswordExpirationParameter = z.object({ idOrg: z.number().int(), organization: z.string(), passwordExpirationDays: z.number().int() });
export type LoginAttemptsParameter = z.infer<typeof LoginAttemptsParameter>;
export type PasswordExpirationParameter = z.infer<typeof PasswordExpirationParameter>;

/** Bounds are not shown in SPEC: 1..20 attempts, 1..365 days. */
export const LoginAttemptsBody = z.object({ loginAttemptsAllowed: intBetween('El número de intentos', 1, 20) });
export const PasswordExpirationBody = z.object({ passwordExpirationDays: intBetween('Los días de expiración', 1, 365) });

/**
 * The automatic unlock (ours, beside the block parameters): an account locked by failed sign-ins
 * unlocks by itself this many minutes after the lock (null: only an administrator unlocks it).
 */
export const AUTO_UNLOCK_MAX_MINUTES = 1440;
export const AutoUnlockParameter = z.object({ idOrg: z.number().int(), organization: z.string(), autoUnlockMinutes: z.number().int().nullable() });
export type AutoUnlockParameter = z.infer<typeof AutoUnlockParameter>;
export const AutoUnlockBody = z.object({ autoUnlockMinutes: intBetween('Los minutos de desbloqueo automático', 1, AUTO_UNLOCK_MAX_MINUTES).nullable() });

/**
 * An account locked now (GET /api/users/locked): who, how many failed sign-ins, when and from which
 * address the lock came, and when it unlocks by itself (null: only an administrator unlocks it).
 */
export const LockedUser = z.object({
  idUser: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleIdSchema,
  roleLabel: z.string(),
  company: z.number().int(),
  nameCompany: z.string(),
  failedAttempts: z.number().int(),
  lockedAt: Timestamp.nullable(),
  lockedFromIp: z.string().nullable(),
  unlocksAt: Timestamp.nullable()
});
export type LockedUser = z.infer<typeof LockedUser>;

/** What the staff access log records about an account. */
export const USER_ACCESS_EVENTS = ['signIn', 'locked', 'unlocked', 'autoUnlocked'] as const;
export type UserAccessEventType = (typeof USER_ACCESS_EVENTS)[number];
export const USER_ACCESS_EVENT_LABELS: Record<UserAccessEventType, string> = {
  signIn: 'Inicio de sesión',
  locked: 'Bloqueo por intentos fallidos',
  unlocked: 'Desbloqueo por un administrador',
  autoUnlocked: 'Desbloqueo automático'
};

/** One entry of the staff access log (GET /api/users/accessLog), newest first. actor: who unlocked (null otherwise). */
export const UserAccessEvent = z.object({
  id: z.number().int(),
  idUser: z.number().int(),
  name: z.string(),
  email: z.string(),
  event: z.enum(USER_ACCESS_EVENTS),
  at: Timestamp,
  ip: z.string().nullable(),
  actor: z.string().nullable()
});
export type UserAccessEvent = z.infer<typeof UserAccessEvent>;
export const USER_ACCESS_LOG_LIMIT = 200;
export const UserAccessLogQuery = z.object({ idOrg: IdParam.optional(), idUser: IdParam.optional() });
