import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { TokenClaims } from '../../shared/domain/session';
import type { RoleId } from '../../shared/roles';
import type { SessionGuard } from './session-guard';

const ALG = 'HS256';
/** Verified access tokens kept per process (TokenService.verified): a few per signed-in person. */
const VERIFIED_CACHE_SIZE = 10_000;
const REFRESH_TYPE = 'refresh';

export interface AccessSubject {
  idUser: number;
  email: string;
  role: RoleId;
  organizationId: number;
  organizationName: string;
  /** The session must change its password before anything else (TokenClaims.mustChangePassword). */
  mustChangePassword?: boolean;
}

export interface IssuedRefresh {
  /** The token, being signed: what the database stores is known before it is. */
  token: Promise<string>;
  /** SHA-256 of the jti: what the database stores. */
  tokenHash: string;
  expiresAt: Date;
}

const RefreshClaims = z.object({
  typ: z.literal(REFRESH_TYPE),
  sub: z.string().regex(/^\d+$/),
  jti: z.string().min(1),
  exp: z.number().int(),
  /** The session signed in with a password it must change: a refresh keeps it so until it is changed. */
  mustChangePassword: z.literal(true).optional()
});
export type RefreshClaims = z.infer<typeof RefreshClaims>;

/** The session (refresh-token family) an access token belongs to: its `sid` claim. */
const SessionClaim = z.object({ sid: z.string().min(1).max(100) });

/** A verified access token's claims: the SPEC §3 ones and the session it belongs to. */
export type AccessClaims = TokenClaims & { sid: string };

/** The session of verified claims (a route's `user`): what endUserSessions keeps for a password change. */
export function sessionOf(claims: TokenClaims): string | null {
  const parsed = SessionClaim.safeParse(claims);
  return parsed.success ? parsed.data.sid : null;
}

export function hashTokenId(jti: string): string {
  return createHash('sha256').update(jti).digest('hex');
}

/**
 * Signs and verifies the platform's tokens. The access token carries the SPEC §3 claims and `sid`,
 * the session (refresh-token family) it belongs to; it is valid only while that session lives
 * (SessionGuard), so ending a session ends its access tokens at once. The refresh token carries its
 * type, subject and a random jti (stored hashed) and its exp, which the desktop client reads to
 * know when the session ends.
 */
export class TokenService {
  /** The secret as a WebCrypto key, imported once: given the raw bytes, jose imports them again at every sign and verify. */
  private readonly secret: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlSeconds: number,
    private readonly sessions: SessionGuard
  ) {
    this.secret = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** An access token of session `sid` (the family id of the refresh tokens issued with it). */
  async signAccess(subject: AccessSubject, sid: string): Promise<string> {
    const exp = nowSeconds() + this.accessTtlSeconds;
    return new SignJWT({
      company: subject.organizationId,
      email: subject.email,
      nameCompany: subject.organizationName,
      role: subject.role,
      sid,
      ...(subject.mustChangePassword ? { mustChangePassword: true } : {})
    })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(subject.idUser))
      .setExpirationTime(exp)
      .sign(await this.secret);
  }

  /** A refresh token of `idUser`: its row's values at once, its signature under way. */
  issueRefresh(idUser: number, mustChangePassword = false): IssuedRefresh {
    const jti = randomUUID();
    const exp = nowSeconds() + this.refreshTtlSeconds;
    const token = this.secret.then((key) =>
      new SignJWT({ typ: REFRESH_TYPE, ...(mustChangePassword ? { mustChangePassword: true } : {}) }).setProtectedHeader({ alg: ALG, typ: 'JWT' }).setSubject(String(idUser)).setJti(jti).setIssuedAt().setExpirationTime(exp).sign(key)
    );
    return { token, tokenHash: hashTokenId(jti), expiresAt: new Date(exp * 1000) };
  }

  /**
   * The access token's claims, or null when it is missing, forged, expired, not an access token,
   * or its session ended (revoked: see endUserSessions).
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const verified = this.verifiedAccess(token) ?? (await this.verifyAccessSignature(token));
    if (!verified) return null;
    const { claims } = verified;
    const live = this.sessions.check(claims.sid, Number(claims.sub));
    if (!(live === true || (live !== false && (await live)))) return null;
    return { ...claims };
  }

  /**
   * Access tokens whose signature and claims were verified, by their exact text, until they
   * expire: the same text verifies the same way, so a desktop app's every call (and every socket
   * handshake) does not pay the signature check again (an HMAC on the thread pool, ~0.5 ms). The
   * expiry is checked at each use and the session at each use (verifyAccess); the oldest entries
   * go first past VERIFIED_CACHE_SIZE.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  private verifiedAccess(token: string): { claims: AccessClaims; exp: number } | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.exp > nowSeconds()) return known;
    this.verified.delete(token);
    return undefined;
  }

  private async verifyAccessSignature(token: string): Promise<{ claims: AccessClaims; exp: number } | null> {
    const payload = await this.verify(token);
    if (!payload || payload.typ !== undefined) return null;
    const claims = TokenClaims.safeParse(payload);
    const session = SessionClaim.safeParse(payload);
    if (!claims.success || !session.success) return null;
    const userId = Number(claims.data.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    const entry = { claims: { ...claims.data, sid: session.data.sid }, exp: claims.data.exp };
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value ?? '');
    this.verified.set(token, entry);
    return entry;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token);
    const claims = RefreshClaims.safeParse(payload);
    return claims.success ? claims.data : null;
  }

  private async verify(token: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, await this.secret, { algorithms: [ALG], requiredClaims: ['exp', 'sub'] });
      return payload;
    } catch {
      return null;
    }
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
