import { createHash } from 'node:crypto';
import { hashPassword } from '../../auth/passwords';
import { users } from '../schema';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import type { SeedModule } from './types';

const DAY_MS = 86_400_000;

/** A salt derived from the e-mail keeps the demo hashes identical from one generation to the next. */
function demoSalt(email: string): Buffer {
  return createHash('sha256').update(`atiende-demo-seed:${email}`).digest().subarray(0, 16);
}

export const usersSeed: SeedModule = {
  name: 'users',
  async run(db, { now }) {
    const rows = await Promise.all(
      DEMO_USERS.map(async (user) => ({
        idUser: user.idUser,
        organizationId: user.organizationId,
        email: user.email,
        name: user.name,
        role: user.role,
        passwordHash: await hashPassword(DEMO_PASSWORD, demoSalt(user.email)),
        passwordChangedAt: new Date(now.getTime() - user.passwordAgeDays * DAY_MS),
        dateCreate: now,
        dateUpdate: now
      }))
    );
    await db.insert(users).values(rows);
  }
};
