import { z } from 'zod';
import { ErrorLogBody } from '../../shared/api/error-log';
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

/**
 * SPEC §7 "Other": the adviser id an error report carries, the signed-in user's id (the token's
 * sub); 0 when no one is signed in or the sub is not an id the report's body accepts.
 */
export function adviserId(claims: TokenClaims | null): number {
  if (!claims || !/^\d+$/.test(claims.sub)) return 0;
  const parsed = ErrorLogBody.shape.idadviser.safeParse(Number(claims.sub));
  return parsed.success ? parsed.data : 0;
}
