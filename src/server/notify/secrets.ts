import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../db/schema';
import type { Db } from '../db/types';

const KEY_SETTING = 'notify_secret_key';
const VERSION = 'v1';

/**
 * Issue 39: the key the organisations' SMTP passwords and SMS tokens are encrypted with
 * (AES-256-GCM). ATIENDE_SECRET_KEY (32 bytes, base64) keeps it outside the database — what an
 * operator should set (docs/operations.md); without it, one is generated on the first start and
 * kept in platform_settings, so a copy of the notification_channels table alone reveals nothing
 * and every platform process of a cluster reads the same key.
 */
export async function loadSecretKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const given = env.ATIENDE_SECRET_KEY?.trim();
  if (given) {
    const key = Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('ATIENDE_SECRET_KEY debe ser una clave de 32 bytes en base64');
    return key;
  }
  await db
    .insert(platformSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, KEY_SETTING));
  if (!row) throw new Error('notification secret key missing after insert');
  return Buffer.from(row.value, 'base64');
}

/** 'v1.<iv>.<tag>.<ciphertext>' (base64url parts). */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of a sealed value; throws when it was sealed with another key or altered. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) throw new Error('sealed secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
