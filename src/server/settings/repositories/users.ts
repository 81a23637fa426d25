import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COMPANY_ASSIGNABLE_ROLES,
  USER_ACCESS_EVENTS,
  USER_ACCESS_LOG_LIMIT,
  USER_TEXT,
  type Agent,
  type LockedUser,
  type User,
  type UserAccessEvent,
  type UserAccessEventType
} from '../../../shared/domain/user';
import { MSG } from '../../../shared/messages';
import { ROLE_IDS, ROLE_LABELS, isRoleId, type RoleId } from '../../../shared/roles';
import { recordAccess } from '../../auth/access-log';
import { chatRoleCondition } from '../../chat/attendants';
import { byName } from '../../http/listing';
import { unlocksAt } from '../../auth/auto-unlock';
import { hashPassword } from '../../auth/passwords';
import { organizations, userAccessLog, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { duplicateAs } from '../conflicts';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The platform's users (administrar-usuarios). Who an administrator reaches is its Reach: role 1
 * every organisation's users, role 3 the users of roles 3–6 of its own; anyone else answers 404 as
 * if absent. The e-mail (the sign-in name) is unique among users not deleted: SPEC §5's 422 'El
 * nombre de usuario ingresado no está disponible…'. A delete is logical: the row stays (the
 * conversations, reports and access log keep the name), is_active is cleared, and the e-mail moves
 * to deleted_email, a placeholder taking its place, so the person cannot sign in and the e-mail is
 * free. Passwords set here (a new user's, an administrator's reset) must be changed at the next
 * sign-in (must_change_password).
 */

export interface Reach {
  /** The organisation reached; null: every organisation. */
  org: number | null;
  roles: readonly RoleId[];
}

/** What the caller reaches: role 1 everyone; any other administrator (3) its organisation's roles 3–6. */
export function reachOf(caller: { role: RoleId; company: number }): Reach {
  return caller.role === 1 ? { org: null, roles: ROLE_IDS } : { org: caller.company, roles: COMPANY_ASSIGNABLE_ROLES };
}

const EMAIL_TAKEN = { users_email_unique: MSG.users.usernameUnavailable };

/** The e-mail a deleted user's row keeps (unique per user, never a real address: .invalid is reserved). */
const deletedEmail = (idUser: number) => `eliminado-${idUser}@usuarios-eliminados.invalid`;

const userColumns = {
  idUser: users.idUser,
  name: users.name,
  email: users.email,
  role: users.role,
  company: users.organizationId,
  nameCompany: organizations.name,
  isActive: users.isActive,
  isLocked: users.isLocked,
  dateCreate: users.dateCreate,
  dateUpdate: users.dateUpdate
};

function roleOf(role: number): RoleId {
  if (!isRoleId(role)) throw new Error(`Unknown role ${role}`);
  return role;
}

function shown(row: { role: number; dateCreate: Date; dateUpdate: Date } & Omit<User, 'role' | 'roleLabel' | 'dateCreate' | 'dateUpdate'>): User {
  const role = roleOf(row.role);
  return { ...row, role, roleLabel: ROLE_LABELS[role], dateCreate: row.dateCreate.toISOString(), dateUpdate: row.dateUpdate.toISOString() };
}

function within(reach: Reach): SQL | undefined {
  return and(isNull(users.deletedAt), reach.org === null ? undefined : eq(users.organizationId, reach.org), inArray(users.role, [...reach.roles]));
}

async function select(db: Db, where: SQL | undefined): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where(where)
    .orderBy(desc(users.dateCreate), desc(users.idUser));
  return rows.map(shown);
}

/** Lower case without accents. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export interface NewUser {
  name: string;
  email: string;
  role: RoleId;
  password: string;
}

export interface UserChanges {
  idUser: number;
  name: string;
  email: string;
  role: RoleId;
  password?: string | undefined;
}

export const userRepository = {
  /**
   * The organisation's users who may take chats (roles 5 and 6) not deleted, inactive ones included with
   * their flag, by name (filters, split links: a supervisor must be linkable before he attends chats).
   */
  async agents(db: Db, orgId: number): Promise<Agent[]> {
    const rows = await db
      .select({ idUser: users.idUser, name: users.name, email: users.email, isActive: users.isActive, role: users.role })
      .from(users)
      .where(and(eq(users.organizationId, orgId), chatRoleCondition(), isNull(users.deletedAt)));
    return byName(rows, (u) => u.name, (u) => u.idUser);
  },

  /** The organisation's users within reach, newest first; search on name or e-mail (accents and case ignored). */
  async list(db: Db, reach: Reach, orgId: number, search: string | undefined): Promise<User[]> {
    const rows = await select(db, and(within(reach), eq(users.organizationId, orgId)));
    const wanted = search === undefined ? '' : folded(search.trim());
    return wanted === '' ? rows : rows.filter((u) => folded(u.name).includes(wanted) || u.email.includes(wanted));
  },

  /** One user within reach, or 404. */
  async get(db: Db, reach: Reach, idUser: number): Promise<User> {
    const [user] = await select(db, and(within(reach), eq(users.idUser, idUser)));
    return found(user, SETTINGS_TEXT.userNotFound);
  },

  async create(db: Db, orgId: number, user: NewUser, now: Date): Promise<User> {
    const [row] = await db
      .insert(users)
      .values({
        organizationId: orgId,
        name: user.name,
        email: user.email,
        role: user.role,
        passwordHash: await hashPassword(user.password),
        mustChangePassword: true,
        passwordChangedAt: now,
        dateCreate: now,
        dateUpdate: now
      })
      .returning({ idUser: users.idUser })
      .catch(duplicateAs(EMAIL_TAKEN, 422));
    const [created] = await select(db, eq(users.idUser, found(row, SETTINGS_TEXT.userNotFound).idUser));
    return found(created, SETTINGS_TEXT.userNotFound);
  },

  /**
   * Name, e-mail and role of a user within reach, and a new initial password when given. Answers
   * the user and whether its sessions must end (its role, e-mail or password changed: the access
   * token carries the first two).
   */
  async update(db: Db, reach: Reach, changes: UserChanges, callerId: number, now: Date): Promise<{ user: User; endSessions: boolean }> {
    if (!reach.roles.includes(changes.role)) throw new HttpError(400, `role: ${USER_TEXT.companyRoleOnly}`);
    const before = await this.get(db, reach, changes.idUser);
    if (changes.idUser === callerId && changes.role !== before.role) throw new HttpError(409, SETTINGS_TEXT.ownRole);
    const password = changes.password === undefined ? {} : { passwordHash: await hashPassword(changes.password), mustChangePassword: true, passwordChangedAt: now };
    await db
      .update(users)
      .set({ name: changes.name, email: changes.email, role: changes.role, ...password, dateUpdate: now })
      .where(and(eq(users.idUser, changes.idUser), isNull(users.deletedAt)))
      .catch(duplicateAs(EMAIL_TAKEN, 422));
    const user = await this.get(db, reach, changes.idUser);
    return { user, endSessions: changes.password !== undefined || user.role !== before.role || user.email !== before.email };
  },

  /** Activates or deactivates a user within reach (never the caller itself off). */
  async setActive(db: Db, reach: Reach, idUser: number, isActive: boolean, callerId: number, now: Date): Promise<User> {
    if (idUser === callerId && !isActive) throw new HttpError(409, SETTINGS_TEXT.ownUser);
    await this.get(db, reach, idUser);
    await db.update(users).set({ isActive, dateUpdate: now }).where(eq(users.idUser, idUser));
    return this.get(db, reach, idUser);
  },

  /**
   * Unlocks a user within reach: the failed sign-in count starts again. A lift of a lock in force is
   * written to the staff access log with who did it.
   */
  async unlock(db: Db, reach: Reach, idUser: number, actorId: number, now: Date): Promise<User> {
    const target = await this.get(db, reach, idUser);
    const [lifted] = await db
      .update(users)
      .set({ isLocked: false, failedAttempts: 0, dateUpdate: now })
      .where(and(eq(users.idUser, idUser), eq(users.isLocked, true)))
      .returning({ idUser: users.idUser });
    if (lifted) await recordAccess(db, { userId: idUser, organizationId: target.company, event: 'unlocked', at: now, actorId });
    else await db.update(users).set({ failedAttempts: 0 }).where(eq(users.idUser, idUser));
    return this.get(db, reach, idUser);
  },

  /** The logical delete of a user within reach (never the caller itself). */
  async remove(db: Db, reach: Reach, idUser: number, callerId: number, now: Date): Promise<void> {
    if (idUser === callerId) throw new HttpError(409, SETTINGS_TEXT.ownUser);
    await this.get(db, reach, idUser);
    await db
      .update(users)
      .set({ deletedAt: now, deletedEmail: users.email, email: deletedEmail(idUser), isActive: false, dateUpdate: now })
      .where(and(eq(users.idUser, idUser), isNull(users.deletedAt)));
  },

  /**
   * The organisation's accounts locked now within reach, the latest lock first: a lock whose
   * automatic unlock has come is no longer one (the next attempt lifts it).
   */
  async locked(db: Db, reach: Reach, orgId: number, now: Date): Promise<LockedUser[]> {
    const rows = await db
      .select({
        ...userColumns,
        failedAttempts: users.failedAttempts,
        lockedAt: users.lockedAt,
        lockedFromIp: users.lockedFromIp,
        autoUnlockMinutes: organizations.autoUnlockMinutes
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
      .where(
        and(
          within(reach),
          eq(users.organizationId, orgId),
          eq(users.isLocked, true),
          or(
            isNull(organizations.autoUnlockMinutes),
            isNull(users.lockedAt),
            gt(sql`${users.lockedAt} + make_interval(mins => ${organizations.autoUnlockMinutes})`, sql`${now.toISOString()}::timestamptz`)
          )
        )
      )
      .orderBy(sql`${users.lockedAt} desc nulls last`, desc(users.idUser));
    return rows.map(({ failedAttempts, lockedAt, lockedFromIp, autoUnlockMinutes, isActive: _a, isLocked: _l, dateCreate: _c, dateUpdate: _u, ...user }) => {
      const role = roleOf(user.role);
      return {
        ...user,
        role,
        roleLabel: ROLE_LABELS[role],
        failedAttempts,
        lockedAt: lockedAt?.toISOString() ?? null,
        lockedFromIp,
        unlocksAt: unlocksAt(lockedAt, autoUnlockMinutes)?.toISOString() ?? null
      };
    });
  },

  /** The staff access log of the organisation within reach (of one user when given), newest first. */
  async accessLog(db: Db, reach: Reach, orgId: number, idUser: number | undefined): Promise<UserAccessEvent[]> {
    if (idUser !== undefined) await this.get(db, reach, idUser);
    const actors = alias(users, 'actors');
    const rows = await db
      .select({
        id: userAccessLog.id,
        idUser: userAccessLog.userId,
        name: users.name,
        email: sql<string>`coalesce(${users.deletedEmail}, ${users.email})`,
        event: userAccessLog.event,
        at: userAccessLog.at,
        ip: userAccessLog.ip,
        actor: actors.name
      })
      .from(userAccessLog)
      .innerJoin(users, eq(users.idUser, userAccessLog.userId))
      .leftJoin(actors, eq(actors.idUser, userAccessLog.actorId))
      .where(and(eq(userAccessLog.organizationId, orgId), inArray(users.role, [...reach.roles]), idUser === undefined ? undefined : eq(userAccessLog.userId, idUser)))
      .orderBy(desc(userAccessLog.at), desc(userAccessLog.id))
      .limit(USER_ACCESS_LOG_LIMIT);
    return rows.map((row) => ({ ...row, event: accessEvent(row.event), at: row.at.toISOString() }));
  }
};

/** A stored event name as the catalogue types it (the table's check constraint holds the same list). */
function accessEvent(event: string): UserAccessEventType {
  const known = USER_ACCESS_EVENTS.find((e) => e === event);
  if (!known) throw new Error(`Unknown access event ${event}`);
  return known;
}
