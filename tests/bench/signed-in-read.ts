/**
 * The walking skeleton's figures: a signed-in read over HTTP and through the main-process stack,
 * each ÷ the same SELECT straight on the engine; a sign-in ÷ one raw argon2id verify.
 */
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { createIpcHandlers } from '../../src/main/ipc/register';
import { createMainServices } from '../../src/main/services';
import { createMemorySettings, createMemoryTokenVault, silentLogger, systemClock } from '../../src/main/services/ports';
import { PASSWORD, signInToken, startBenchPlatform } from './platform';
import { median, ratioLine } from './report';

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
    const httpRead = await median(rounds, async () => {
      const r = await fetch(`${url}/api/types/channels`, { headers: { authorization: `Bearer ${token}` } });
      await r.json();
    });

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
      ratioLine('the same read through IPC handler + API client + HTTP', stackRead, rawSelect, 'raw SELECT'),
      ratioLine('POST /api/auth (sign-in)', signIn, rawVerify, 'raw argon2 verify')
    ];
  } finally {
    await app.close();
  }
}
