import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../db/schema';
import type { Db } from '../db/types';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The HS256 signing secret: generated on the first start and kept in the database, so tokens
 * survive restarts. ON CONFLICT DO NOTHING makes concurrent first starts agree on one value.
 */
export async function loadJwtSecret(db: Db): Promise<Uint8Array> {
  await db
    .insert(platformSettings)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(64).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, JWT_SECRET_KEY));
  if (!row) throw new Error('JWT secret missing after insert');
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
