import { describe, expect, it } from 'vitest';
import { SessionGuard, type SessionFanout, type SessionsEnded } from '../../../src/server/auth/session-guard';

/** A database of live sessions the test edits, counting how often it is asked; `hold` delays answers. */
class FakeSessions {
  readonly live = new Set<string>();
  asked = 0;
  private held: (() => void)[] | null = null;

  lookup = async (sid: string, userId: number): Promise<boolean> => {
    this.asked++;
    const answer = this.live.has(`${userId}:${sid}`);
    if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
    return answer;
  };

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const go of waiting) go();
  }
}

function fanoutLog(): SessionFanout & { published: SessionsEnded[]; closed: SessionsEnded[] } {
  const published: SessionsEnded[] = [];
  const closed: SessionsEnded[] = [];
  return { published, closed, publish: (e) => published.push(e), disconnect: (e) => closed.push(e) };
}

const answer = async (value: boolean | Promise<boolean>) => value;

describe('SessionGuard', () => {
  it('asks the database once per session, then answers from memory synchronously', async () => {
    const db = new FakeSessions();
    db.live.add('7:a');
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null });
    expect(await answer(guard.check('a', 7))).toBe(true);
    expect(guard.check('a', 7)).toBe(true);
    expect(await answer(guard.check('b', 7))).toBe(false);
    expect(guard.check('b', 7)).toBe(false);
    expect(db.asked).toBe(2);
    // A token naming another user's session is never live.
    expect(guard.check('a', 8)).toBe(false);
  });

  it('forgets a user’s sessions but the kept one when they end, tells the other instances and closes the sockets', async () => {
    const db = new FakeSessions();
    db.live.add('7:a').add('7:b').add('9:c');
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null });
    const fanout = fanoutLog();
    guard.attach(fanout);
    for (const [sid, user] of [['a', 7], ['b', 7], ['c', 9]] as const) expect(await answer(guard.check(sid, user))).toBe(true);

    db.live.delete('7:a');
    guard.ended({ scope: 'user', userId: 7, keep: 'b' });
    expect(fanout.published).toEqual([{ scope: 'user', userId: 7, keep: 'b' }]);
    expect(fanout.closed).toEqual([{ scope: 'user', userId: 7, keep: 'b' }]);
    expect(await answer(guard.check('a', 7))).toBe(false);
    expect(guard.check('b', 7)).toBe(true);
    expect(guard.check('c', 9)).toBe(true);
    expect(db.asked).toBe(4);
  });

  it('never keeps an answer read while a revocation happened (nor hands it to a later call)', async () => {
    const db = new FakeSessions();
    db.live.add('7:a');
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null });
    db.hold();
    const before = guard.check('a', 7);
    // The revocation commits and is announced while that read is under way.
    db.live.delete('7:a');
    guard.forget({ scope: 'user', userId: 7, keep: null });
    db.release();
    const after = guard.check('a', 7);
    expect(await answer(before)).toBe(true);
    expect(await answer(after)).toBe(false);
    expect(guard.check('a', 7)).toBe(false);
  });

  it('forgets one session when only it ended (a replayed refresh token)', async () => {
    const db = new FakeSessions();
    db.live.add('7:a').add('7:b');
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null });
    await answer(guard.check('a', 7));
    await answer(guard.check('b', 7));
    db.live.delete('7:a');
    guard.forget({ scope: 'session', userId: 7, sid: 'a' });
    expect(await answer(guard.check('a', 7))).toBe(false);
    expect(guard.check('b', 7)).toBe(true);
  });

  it('asks again after the live answer’s time to live (PostgreSQL), never for an ended one', async () => {
    const db = new FakeSessions();
    db.live.add('7:a');
    let now = 1_000;
    const guard = new SessionGuard(db.lookup, { liveTtlMs: 30_000, now: () => now });
    expect(await answer(guard.check('a', 7))).toBe(true);
    now += 29_999;
    expect(guard.check('a', 7)).toBe(true);
    // Revoked behind this instance's back (a fan-out message lost): the bound catches it.
    db.live.delete('7:a');
    now += 1;
    expect(await answer(guard.check('a', 7))).toBe(false);
    now += 60_000;
    expect(guard.check('a', 7)).toBe(false);
    expect(db.asked).toBe(2);
  });

  it('keeps at most maxEntries answers, forgetting the oldest, and forgets everything after a missed fan-out', async () => {
    const db = new FakeSessions();
    for (const sid of ['a', 'b', 'c']) db.live.add(`7:${sid}`);
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null, maxEntries: 2 });
    for (const sid of ['a', 'b', 'c']) await answer(guard.check(sid, 7));
    expect(db.asked).toBe(3);
    expect(guard.check('c', 7)).toBe(true);
    expect(guard.check('a', 7)).toBeInstanceOf(Promise);
    guard.forgetAll();
    expect(guard.check('c', 7)).toBeInstanceOf(Promise);
  });

  it('answers every session live without a look when the check is off (the bench’s baseline only)', () => {
    const db = new FakeSessions();
    const guard = new SessionGuard(db.lookup, { liveTtlMs: null });
    guard.setChecking(false);
    expect(guard.check('nobody', 1)).toBe(true);
    expect(db.asked).toBe(0);
  });
});
