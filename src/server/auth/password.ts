import { and, eq } from 'drizzle-orm';
import { PASSWORD_UPDATED_REPLY, type UpdatePasswordBody } from '../../shared/domain/session';
import { PASSWORD_TEXT, containsEmail } from '../../shared/domain/password-policy';
import { MSG } from '../../shared/messages';
import { users } from '../db/schema';
import { findAccount, type PasswordAge } from './accounts';
import type { Db } from '../db/types';
import { HttpError, LOCAL_MSG, unauthenticated } from '../http/errors';
import type { PlatformServices } from '../services';
import { DIRECTORY_ONLY_HASH, hashPassword, verifyPassword } from './passwords';
import { endUserSessions } from './revocation';

const DAY_MS = 86_400_000;

/**
 * Whether the user must change the password now: flagged to (a new user, an administrator's
 * reset), or passwordExpirationDays have passed since the last change. An organisation with 0 days
 * has no expiry; a directory account's password is the directory's: there is none here to change.
 */
export function passwordChangeDue(account: PasswordAge, now: Date): boolean {
  if (account.passwordHash === DIRECTORY_ONLY_HASH) return false;
  if (account.passwordFlagged) return true;
  return account.passwordExpirationDays > 0 && now.getTime() - account.passwordChangedAt.getTime() >= account.passwordExpirationDays * DAY_MS;
}

/** passwordChangeDue of the user `idUser` (the expiry check's answer). */
export async function mustChangePassword(db: Db, idUser: number, now: Date): Promise<boolean> {
  const account = await findAccount(db, { idUser });
  if (!account) throw unauthenticated();
  return passwordChangeDue(account, now);
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
