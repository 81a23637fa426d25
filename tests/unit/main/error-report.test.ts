import { describe, expect, it } from 'vitest';
import { adviserId, decodeClaims } from '../../../src/main/services/jwt';
import { accessToken, harness, json, refreshToken, T0 } from './fakes';

/** SPEC §7 "Other": a render error carries idadviser 0, a failed call the signed-in user's id (issues 17, 41). */
describe('the adviser id of a failure report', () => {
  const claims = (sub: string) => decodeClaims(accessToken({ sub }));

  it("is the token's sub when it is an id, 0 otherwise", () => {
    expect(adviserId(claims('42'))).toBe(42);
    expect(adviserId(null)).toBe(0);
    for (const sub of ['', 'admin@demo.co', '-3', '1.5', '1e3', '99999999999', ' 7']) expect(adviserId(claims(sub)), sub).toBe(0);
  });

  it('a render error carries idadviser 0 as SPEC says, a failed call the id of the user signed in', async () => {
    const h = await harness((req) => (req.path.includes('LogErrorSocket') ? json(200, { success: true }) : json(500, { statusCode: 500, message: 'x' })), {
      tokens: { access: accessToken({ sub: '42' }), refresh: refreshToken(T0 + 86_400_000) }
    });
    expect(await h.services.errors.report({ name: 'TypeError', detail: 'x is undefined' })).toEqual({ ok: true, data: null });
    await h.services.platform.channels();
    await h.services.api.settled();
    const reports = h.calls.filter((c) => c.path.includes('LogErrorSocket'));
    expect(reports.map((r) => (r.body as { name: string; idadviser: number }).idadviser)).toEqual([0, 42]);
    expect((reports[0]?.body as { name: string }).name).toBe('errorBoundary');
  });
});
