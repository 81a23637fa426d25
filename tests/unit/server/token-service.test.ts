import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionGuard } from '../../../src/server/auth/session-guard';
import { TokenService, type AccessSubject } from '../../../src/server/auth/tokens';

const SUBJECT: AccessSubject = { idUser: 7, email: 'ana@demo.co', role: 3, organizationId: 100, organizationName: 'Demo' };
const SECRET = new TextEncoder().encode('a test secret of thirty-two bytes!!');

function service(live: Set<string>, ttlSeconds = 60) {
  const guard = new SessionGuard(async (sid, userId) => live.has(`${userId}:${sid}`), { liveTtlMs: 0 });
  return new TokenService(SECRET, ttlSeconds, 3600, guard);
}

describe('TokenService.verifyAccess (verified tokens kept until they expire)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims the second time, refuses once expired, and still asks whether the session lives at every use', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const live = new Set(['7:s1']);
    const tokens = service(live, 60);
    const token = await tokens.signAccess(SUBJECT, 's1');
    const first = await tokens.verifyAccess(token);
    expect(first).toMatchObject({ sub: '7', role: 3, company: 100, sid: 's1' });
    // A caller changing its copy changes nothing kept.
    if (first) first.role = 1;
    expect(await tokens.verifyAccess(token)).toMatchObject({ role: 3, sid: 's1' });
    // Past its exp, refused — kept or not.
    vi.setSystemTime(new Date('2026-11-28T12:01:00Z'));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
    // The session ends: a kept token still in date is refused at once.
    const fresh = await tokens.signAccess(SUBJECT, 's1');
    expect(await tokens.verifyAccess(fresh)).not.toBeNull();
    live.delete('7:s1');
    expect(await tokens.verifyAccess(fresh)).toBeNull();
  });

  it('never keeps a token it refused, nor one signed with another secret, nor a refresh token', async () => {
    const live = new Set(['7:s1']);
    const tokens = service(live);
    const other = new TokenService(new TextEncoder().encode('another secret of thirty-two bytes'), 60, 3600, new SessionGuard(async () => true, { liveTtlMs: 0 }));
    const forged = await other.signAccess(SUBJECT, 's1');
    expect(await tokens.verifyAccess(forged)).toBeNull();
    expect(await tokens.verifyAccess(forged)).toBeNull();
    const good = await tokens.signAccess(SUBJECT, 's1');
    const [head, body] = good.split('.');
    expect(await tokens.verifyAccess(`${head}.${body}.AAAA`)).toBeNull();
    expect(await tokens.verifyAccess(await tokens.issueRefresh(7).token)).toBeNull();
    expect(await tokens.verifyAccess(good)).not.toBeNull();
  });
});
