/**
 * `npm run bench`: each figure is printed as a ratio to the raw engine measured in the same run
 * (DESIGN.md §5), so the numbers compare across machines. Nothing here is asserted.
 *
 * Figures of the walking skeleton:
 *  - a signed-in read (GET /api/types/channels) over HTTP ÷ the same SELECT straight on the engine;
 *  - the same read through the main-process stack (IPC handler → session → API client → HTTP) ÷ the SELECT;
 *  - a sign-in (POST /api/auth) ÷ one raw argon2id verify of the same password.
 */
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { baseConfig } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { createIpcHandlers } from '../../src/main/ipc/register';
import { createMainServices } from '../../src/main/services';
import { createMemorySettings, createMemoryTokenVault, silentLogger, systemClock } from '../../src/main/services/ports';

const PASSWORD = 'Atiende2026!';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 30);

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, times); i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? NaN;
}

function line(label: string, value: number, raw: number, rawLabel: string): void {
  console.log(`${label.padEnd(58)} ${(value / raw).toFixed(2).padStart(8)} × ${rawLabel} (${value.toFixed(3)} ms vs ${raw.toFixed(3)} ms)`);
}

const app = await buildApp({ ...baseConfig(process.env), port: 0, host: '127.0.0.1', database: { kind: 'pglite', dataDir: null }, logger: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const login = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'visualizador@demo.co', password: PASSWORD }) });
  const { token } = (await login.json()) as { token: string };

  const rawSelect = await median(ROUNDS, () => app.db.execute(sql`select key, label from channel_types order by key`));
  const httpRead = await median(ROUNDS, async () => {
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
  const handlers = createIpcHandlers(services, silentLogger);
  const signedIn = await handlers['session:login']({ email: 'visualizador@demo.co', password: PASSWORD });
  if (!signedIn.ok) throw new Error(`bench sign-in failed: ${signedIn.error.message}`);
  const stackRead = await median(ROUNDS, () => handlers['platform:channels'](undefined));
  services.dispose();

  const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.co'));
  if (!row) throw new Error('demo user missing');
  const rawVerify = await median(SIGN_INS, () => argon2.verify(row.hash, PASSWORD));
  const signIn = await median(SIGN_INS, async () => {
    const r = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.co', password: PASSWORD }) });
    await r.json();
  });

  console.log(`Atiende bench — ${ROUNDS} reads, ${SIGN_INS} sign-ins, medians; ratio to the raw engine of the same run`);
  line('GET /api/types/channels over HTTP', httpRead, rawSelect, 'raw SELECT');
  line('the same read through IPC handler + API client + HTTP', stackRead, rawSelect, 'raw SELECT');
  line('POST /api/auth (sign-in)', signIn, rawVerify, 'raw argon2 verify');
} finally {
  await app.close();
}
