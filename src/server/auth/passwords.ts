import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** `salt` is only for the deterministic demo data; real passwords get a random salt. */
export function hashPassword(password: string, salt?: Buffer): Promise<string> {
  return argon2.hash(password, salt ? { ...OPTIONS, salt } : OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash of the same cost, so that an unknown e-mail takes as long
 * to reject as a wrong password (no user enumeration by timing).
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(await dummyHash, password);
}

/**
 * The password hash of an account its organisation's LDAP directory created (auth/ldap-login.ts):
 * not an argon2 encoding, so verifyPassword answers false whatever the password — such a person
 * signs in only through the directory, whose password the platform never stores. Nor does the
 * platform's password expiry apply to it (the directory has its own policy).
 */
export const DIRECTORY_ONLY_HASH = '!ldap: the directory checks this password';
