import { and, eq } from 'drizzle-orm';
import { PASSWORD_UPDATED_REPLY, type UpdatePasswordBody } from '../../shared/domain/session';
import { PASSWORD_TEXT, containsEmail } from '../../shared/domain/password-policy';
import { MSG } from '../../shared/messages';
import { organizations, users } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError, LOCAL_MSG, unauthenticated } from '../http/errors';
import type { PlatformServices } from '../services';
import { DIRECTORY_ONLY_HASH, hashPassword, verifyPassword } from './passwords';
import { endUserSessions } from './revocation';

const DAY_MS = 86_400_000;

/**
 * Whether the user must change the password now: flagged to, or passwordExpirationDays have
 * passed since the last change. An organisation with 0 days has no expiry.
 */
export async function mustChangePassword(db: Db, idUser: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      changedAt: users.passwordChangedAt,
      flagged: users.mustChangePassword,
      expirationDays: organizations.passwordExpirationDays,
      passwordHash: users.passwordHash
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where(eq(users.idUser, idUser));
  if (!row) throw unauthenticated();
  // A directory account's password is the directory's: there is none here to change.
  if (row.passwordHash === DIRECTORY_ONLY_HASH) return false;
  if (row.flagged) return true;
  return row.expirationDays > 0 && now.getTime() - row.changedAt.getTime() >= row.expirationDays * DAY_MS;
}

/**
 * The caller's own password change; the current password must be given and valid. Every other
 * session of the user ends at once (endUserSessions): the one that changed it (`session`, its
 * access token's sid) goes on.
 */
export async function changeOwnPassword(
  db: Db,
  services: PlatformServices,
  caller: { idUser: number; session: string | null },
  { oldPassword, newPassword }: UpdatePasswordBody
): Promise<{ message: string }> {
  const { idUser } = caller;
  const now = services.now();
  const [row] = await db.select({ passwordHash: users.passwordHash, email: users.email }).from(users).where(eq(users.idUser, idUser));
  if (!row) throw unauthenticated();
  if (!(await verifyPassword(row.passwordHash, oldPassword))) throw new HttpError(400, MSG.session.currentPasswordInvalid);
  if (newPassword === oldPassword) throw new HttpError(400, LOCAL_MSG.samePassword);
  // The rest of the shared policy (password-policy.ts): never the account's own e-mail.
  if (containsEmail(newPassword, row.email)) throw new HttpError(400, PASSWORD_TEXT.containsEmail);
  // Compare-and-set on the old hash: of two concurrent changes, only the first wins.
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: now, mustChangePassword: false, dateUpdate: now })
    .where(and(eq(users.idUser, idUser), eq(users.passwordHash, row.passwordHash)))
    .returning({ idUser: users.idUser });
  if (!updated) throw new HttpError(400, MSG.session.currentPasswordInvalid);
  await endUserSessions(db, services, idUser, { keepSession: caller.session });
  return { message: PASSWORD_UPDATED_REPLY };
}
