import { z } from 'zod';
import { TokenClaims } from '../../shared/domain/session';

/**
 * Reads a JWT's payload without verifying it: the main process only needs the claims to show who is
 * signed in and when the session ends; the platform verifies every token it receives.
 */
export function jwtPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

export function decodeClaims(token: string): TokenClaims | null {
  const parsed = TokenClaims.safeParse(jwtPayload(token));
  return parsed.success ? parsed.data : null;
}

const Expiring = z.object({ exp: z.number().int().positive() });

/** The token's exp in epoch ms, or null when it carries none. */
export function decodeExpiry(token: string): number | null {
  const parsed = Expiring.safeParse(jwtPayload(token));
  return parsed.success ? parsed.data.exp * 1000 : null;
}
