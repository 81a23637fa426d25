import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AutoUnlockParameter, LoginAttemptsParameter, PasswordExpirationParameter } from '../../../shared/domain/user';
import { organizations } from '../../db/schema';
import type { Db } from '../../db/types';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The block and expiry parameters of each organisation (SPEC §3), and the automatic unlock: columns
 * of the organisation, read by every sign-in. GET answers the organisations the caller sees (all
 * not deleted: null; else its own).
 */

const live = isNull(organizations.deletedAt);

function scope(orgId: number | null) {
  return and(live, orgId === null ? undefined : eq(organizations.idOrg, orgId));
}

const named = { idOrg: organizations.idOrg, organization: organizations.name };

export const securityParameterRepository = {
  loginAttempts(db: Db, orgId: number | null): Promise<LoginAttemptsParameter[]> {
    return db
      .select({ ...named, loginAttemptsAllowed: organizations.loginAttemptsAllowed })
      .from(organizations)
      .where(scope(orgId))
      .orderBy(asc(organizations.idOrg));
  },

  /** Accounts already locked stay locked; the new count holds from the next failure. */
  async setLoginAttempts(db: Db, orgId: number, loginAttemptsAllowed: number, now: Date): Promise<LoginAttemptsParameter> {
    const [row] = await db
      .update(organizations)
      .set({ loginAttemptsAllowed, dateUpdate: now })
      .where(scope(orgId))
      .returning({ ...named, loginAttemptsAllowed: organizations.loginAttemptsAllowed });
    return found(row, SETTINGS_TEXT.organizationNotFound);
  },

  passwordExpiration(db: Db, orgId: number | null): Promise<PasswordExpirationParameter[]> {
    return db
      .select({ ...named, passwordExpirationDays: organizations.passwordExpirationDays })
      .from(organizations)
      .where(scope(orgId))
      .orderBy(asc(organizations.idOrg));
  },

  async setPasswordExpiration(db: Db, orgId: number, passwordExpirationDays: number, now: Date): Promise<PasswordExpirationParameter> {
    const [row] = await db
      .update(organizations)
      .set({ passwordExpirationDays, dateUpdate: now })
      .where(scope(orgId))
      .returning({ ...named, passwordExpirationDays: organizations.passwordExpirationDays });
    return found(row, SETTINGS_TEXT.organizationNotFound);
  },

  autoUnlock(db: Db, orgId: number | null): Promise<AutoUnlockParameter[]> {
    return db
      .select({ ...named, autoUnlockMinutes: organizations.autoUnlockMinutes })
      .from(organizations)
      .where(scope(orgId))
      .orderBy(asc(organizations.idOrg));
  },

  /** Applies to the locks in force too: each is lifted at its next attempt once its time has come. */
  async setAutoUnlock(db: Db, orgId: number, autoUnlockMinutes: number | null, now: Date): Promise<AutoUnlockParameter> {
    const [row] = await db
      .update(organizations)
      .set({ autoUnlockMinutes, dateUpdate: now })
      .where(scope(orgId))
      .returning({ ...named, autoUnlockMinutes: organizations.autoUnlockMinutes });
    return found(row, SETTINGS_TEXT.organizationNotFound);
  }
};
