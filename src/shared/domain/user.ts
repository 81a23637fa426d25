import { z } from 'zod';
import { IdParam } from './common';
import { PositiveInt, Timestamp, intBetween, requiredText } from './fields';
import { Email, NewPassword, RoleIdSchema } from './session';

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

/** A human agent (GET /api/users/agents): the agent users of the organisation, for filters and split links. */
export const Agent = z.object({ idUser: z.number().int(), name: z.string(), email: z.string(), isActive: z.boolean() });
export type Agent = z.infer<typeof Agent>;

const userFields = {
  name: requiredText('El nombre', 120),
  email: Email,
  role: RoleIdSchema
};

/** POST /api/users/company: a user of the caller's organisation, with an initial password it must change. */
export const CreateCompanyUser = z.object({ ...userFields, password: NewPassword });
/** POST /api/users (role 1): the same, naming the organisation. */
export const CreateUser = CreateCompanyUser.extend({ company: PositiveInt });
/** PUT /api/users: name, e-mail and role of an existing user. */
export const UpdateUser = z.object({ idUser: PositiveInt, ...userFields });
/** PUT /api/users/{idUser}: activate/deactivate, or unlock (isLocked=false). */
export const UserFlagsUpdate = z.union([z.object({ isActive: z.boolean() }).strict(), z.object({ isLocked: z.literal(false) }).strict()], {
  message: 'Envíe isActive, o isLocked en false'
});

export const UserIdParams = z.object({ idUser: IdParam });

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
