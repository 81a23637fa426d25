import { createHash } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo-data';
import type { SeedModule } from './types';

const DAY_MS = 86_400_000;

/** A salt derived from the e-mail keeps the demo hashes identical from one generation to the next. */
function demoSalt(email: string): Buffer {
  return createHash('sha256').update(`atiende-demo-seed:${email}`).digest().subarray(0, 16);
}

/** The demo password's argon2id hash for one demo account (deterministic per e-mail). */
function demoPasswordHash(email: string): Promise<string> {
  return hashPassword(DEMO_PASSWORD, demoSalt(email));
}

/** The users row of a demo account. */
export async function demoUserRow(user: DemoUser, now: Date) {
  return {
    idUser: user.idUser,
    organizationId: user.organizationId,
    email: user.email,
    name: user.name,
    role: user.role,
    passwordHash: await demoPasswordHash(user.email),
    passwordChangedAt: new Date(now.getTime() - user.passwordAgeDays * DAY_MS),
    dateCreate: now,
    dateUpdate: now
  };
}

export const usersSeed: SeedModule = {
  name: 'users',
  async run(db, { now }) {
    const rows = await Promise.all(DEMO_USERS.map((user) => demoUserRow(user, now)));
    await db.insert(users).values(rows);
  }
};
