/**
 * The walking skeleton's figures: a signed-in read over HTTP and through the main-process stack,
 * each ÷ the same SELECT straight on the engine; a sign-in ÷ one raw argon2id verify; and the
 * cost of the session check that makes revocation immediate (issue 19): the same signed-in read
 * with the check ÷ without it (SessionGuard.setChecking(false), the bench's switch), sampled in
 * alternation so both see the same machine. Afterwards the bench ends the reader's sessions and
 * checks that the read now answers 401 with the check and 200 without it: the two figures really
 * are the read with and without the check that makes revocation immediate.
 */
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { endUserSessions } from '../../src/server/auth/revocation';
import { createIpcHandlers } from '../../src/main/ipc/register';
import { createMainServices } from '../../src/main/services';
import { createMemorySettings, createMemoryTokenVault, silentLogger, systemClock } from '../../src/main/services/ports';
import { PASSWORD, signInToken, startBenchPlatform } from './platform';
import { atMost, median, nowMs, percentile, ratioLine } from './report';

export interface SignedInReadOptions {
  /** Reads measured per figure (BENCH_ROUNDS). */
  rounds: number;
  /** Sign-ins measured (BENCH_SIGN_INS). */
  signIns: number;
}

export async function benchSignedInRead({ rounds, signIns }: SignedInReadOptions): Promise<string[]> {
  const { app, url } = await startBenchPlatform();
  try {
    const token = await signInToken(url, 'visualizador@demo.co');

    const rawSelect = await median(rounds, () => app.db.execute(sql`select key, label from channel_types order by key`));
    const readOnce = async () => {
      const r = await fetch(`${url}/api/types/channels`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`bench read answered ${r.status}`);
      await r.json();
    };
    const httpRead = await median(rounds, readOnce);
    const sessions = app.services.sessions;
    const withoutTheCheck = async <T>(run: () => Promise<T>): Promise<T> => {
      sessions.setChecking(false);
      try {
        return await run();
      } finally {
        sessions.setChecking(true);
      }
    };
    const [withCheck, withoutCheck] = await alternatingMedians(rounds, readOnce, () => withoutTheCheck(readOnce));
    // What the two figures timed: the reader's session ended, the read is refused with the check and answered without it.
    const [reader] = await app.db.select({ idUser: users.idUser }).from(users).where(eq(users.email, 'visualizador@demo.co'));
    if (!reader) throw new Error('demo user missing');
    await endUserSessions(app.db, app.services, reader.idUser);
    const statusOf = async () => (await fetch(`${url}/api/types/channels`, { headers: { authorization: `Bearer ${token}` } })).status;
    const [revokedWith, revokedWithout] = [await statusOf(), await withoutTheCheck(statusOf)];
    if (revokedWith !== 401 || revokedWithout !== 200) {
      throw new Error(`bench: after the session ended, the read answered ${revokedWith} with the check (401 expected) and ${revokedWithout} without it (200 expected)`);
    }

    const services = await createMainServices({
      fetch: (input, init) => fetch(input, init),
      vault: createMemoryTokenVault(),
      settings: createMemorySettings({ serviceUrls: { virtualAgent: url, humanAgent: url, notifications: url } }),
      clock: systemClock,
      logger: silentLogger
    });
    let stackRead: number;
    try {
      const handlers = createIpcHandlers(services, silentLogger);
      const signedIn = await handlers['session:login']({ email: 'visualizador@demo.co', password: PASSWORD });
      if (!signedIn.ok) throw new Error(`bench sign-in failed: ${signedIn.error.message}`);
      stackRead = await median(rounds, () => handlers['platform:channels'](undefined));
    } finally {
      services.dispose();
    }

    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.co'));
    if (!row) throw new Error('demo user missing');
    const rawVerify = await median(signIns, () => argon2.verify(row.hash, PASSWORD));
    const signIn = await median(signIns, async () => {
      const r = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.co', password: PASSWORD }) });
      await r.json();
    });

    return [
      `Signed-in read — ${rounds} reads, ${signIns} sign-ins, medians; ratio to the raw engine of the same run`,
      ratioLine('GET /api/types/channels over HTTP', httpRead, rawSelect, 'raw SELECT'),
      ratioLine('signed-in read with the session check', withCheck, withoutCheck, 'the same read before it', atMost(withCheck / withoutCheck, 1.1)),
      ratioLine('the same read through IPC handler + API client + HTTP', stackRead, rawSelect, 'raw SELECT'),
      ratioLine('POST /api/auth (sign-in)', signIn, rawVerify, 'raw argon2 verify')
    ];
  } finally {
    await app.close();
  }
}

/**
 * The medians of `a` and `b` sampled in alternation (a, b, b, a, …: neither always goes first),
 * after a few unmeasured runs of each: a paired comparison on one machine at one moment.
 */
async function alternatingMedians(times: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < Math.min(20, times); i++) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  const timed = async (run: () => Promise<unknown>, into: number[]) => {
    const start = nowMs();
    await run();
    into.push(nowMs() - start);
  };
  for (let i = 0; i < times; i++) {
    const [first, second] = i % 2 === 0 ? ([a, b] as const) : ([b, a] as const);
    await timed(first, first === a ? samples[0] : samples[1]);
    await timed(second, second === a ? samples[0] : samples[1]);
  }
  return [percentile(samples[0], 50), percentile(samples[1], 50)];
}
