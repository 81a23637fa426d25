import { eq } from 'drizzle-orm';
import { isRoleId } from '../../shared/roles';
import type { TokenClaims } from '../../shared/domain/session';
import { organizations, users } from '../db/schema';
import type { Db } from '../db/types';
import { unauthenticated } from '../http/errors';
import type { AccessSubject } from './tokens';

export interface Account extends AccessSubject {
  passwordHash: string;
  isActive: boolean;
  isLocked: boolean;
  organizationActive: boolean;
  /** When failed sign-ins locked the account (null or absent: never, or not read). */
  lockedAt?: Date | null;
  /** The organisation's automatic unlock, in minutes after the lock (null or absent: off). */
  autoUnlockMinutes?: number | null;
}

/** What decides whether a password must be changed at sign-in (auth/password.ts passwordChangeDue). */
export interface PasswordAge {
  passwordHash: string;
  passwordFlagged: boolean;
  passwordChangedAt: Date;
  passwordExpirationDays: number;
}

/** The columns an Account is read from (users joined with organizations). */
export const ACCOUNT_COLUMNS = {
  idUser: users.idUser,
  email: users.email,
  role: users.role,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  isLocked: users.isLocked,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  organizationActive: organizations.isActive,
  lockedAt: users.lockedAt,
  autoUnlockMinutes: organizations.autoUnlockMinutes,
  passwordFlagged: users.mustChangePassword,
  passwordChangedAt: users.passwordChangedAt,
  passwordExpirationDays: organizations.passwordExpirationDays
};

type AccountRow = Omit<Account, 'role'> & { role: number };

/** An Account of a row read with ACCOUNT_COLUMNS. */
export function toAccount<Row extends AccountRow>(row: Row): Omit<Row, 'role'> & Account {
  const { role } = row;
  if (!isRoleId(role)) throw new Error(`User ${row.idUser} has an unknown role ${role}`);
  return { ...row, role };
}

/** A user row with its organisation, by e-mail (stored lower-case) or by id. */
export async function findAccount(db: Db, by: { email: string } | { idUser: number }): Promise<(Account & PasswordAge) | undefined> {
  const [row] = await db
    .select(ACCOUNT_COLUMNS)
    .from(users)
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where('email' in by ? eq(users.email, by.email) : eq(users.idUser, by.idUser))
    .limit(1);
  return row ? toAccount(row) : undefined;
}

/** Whether the account may hold a session: active, not locked, in an active organisation. */
export function canSignIn(account: Account): boolean {
  return account.isActive && !account.isLocked && account.organizationActive;
}

/** The user id of a verified access token (the `sub` claim). */
export function callerId(claims: TokenClaims): number {
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || id <= 0) throw unauthenticated();
  return id;
}
