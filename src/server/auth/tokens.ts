import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { TokenClaims } from '../../shared/domain/session';
import type { RoleId } from '../../shared/roles';

const ALG = 'HS256';
const REFRESH_TYPE = 'refresh';

export interface AccessSubject {
  idUser: number;
  email: string;
  role: RoleId;
  organizationId: number;
  organizationName: string;
}

export interface IssuedRefresh {
  token: string;
  /** SHA-256 of the jti: what the database stores. */
  tokenHash: string;
  expiresAt: Date;
}

const RefreshClaims = z.object({
  typ: z.literal(REFRESH_TYPE),
  sub: z.string().regex(/^\d+$/),
  jti: z.string().min(1),
  exp: z.number().int()
});
export type RefreshClaims = z.infer<typeof RefreshClaims>;

export function hashTokenId(jti: string): string {
  return createHash('sha256').update(jti).digest('hex');
}

/**
 * Signs and verifies the platform's tokens. The access token carries exactly the SPEC §3 claims;
 * the refresh token carries its type, subject and a random jti (stored hashed) and its exp, which
 * the desktop client reads to know when the session ends.
 */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlSeconds: number
  ) {}

  async signAccess(subject: AccessSubject): Promise<string> {
    const exp = nowSeconds() + this.accessTtlSeconds;
    return new SignJWT({
      company: subject.organizationId,
      email: subject.email,
      nameCompany: subject.organizationName,
      role: subject.role
    })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(subject.idUser))
      .setExpirationTime(exp)
      .sign(this.secret);
  }

  async signRefresh(idUser: number): Promise<IssuedRefresh> {
    const jti = randomUUID();
    const exp = nowSeconds() + this.refreshTtlSeconds;
    const token = await new SignJWT({ typ: REFRESH_TYPE })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(idUser))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, tokenHash: hashTokenId(jti), expiresAt: new Date(exp * 1000) };
  }

  /** The access token's claims, or null when it is missing, forged, expired or not an access token. */
  async verifyAccess(token: string): Promise<TokenClaims | null> {
    const payload = await this.verify(token);
    if (!payload || payload.typ !== undefined) return null;
    const claims = TokenClaims.safeParse(payload);
    return claims.success ? claims.data : null;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token);
    const claims = RefreshClaims.safeParse(payload);
    return claims.success ? claims.data : null;
  }

  private async verify(token: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALG], requiredClaims: ['exp', 'sub'] });
      return payload;
    } catch {
      return null;
    }
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
