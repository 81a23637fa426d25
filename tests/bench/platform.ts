import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { baseConfig, type ServerConfig } from '../../src/server/config';
import type { DatabaseTarget } from '../../src/server/db/client';

/** Every demo account's password (the seed's DEMO_PASSWORD). */
export const PASSWORD = 'Atiende2026!';

export interface BenchPlatform {
  app: FastifyInstance;
  url: string;
}

/** The platform (migrated and seeded; in-memory PGlite unless told otherwise), listening on a free loopback port. */
export async function startBenchPlatform(
  database: DatabaseTarget = { kind: 'pglite', dataDir: null },
  overrides: Partial<ServerConfig> = {},
  options: BuildOptions = {}
): Promise<BenchPlatform> {
  // Every bench customer comes from 127.0.0.1: the per-address new-chat budget would refuse the crowd.
  const widgetConnectLimit = { max: 1_000_000, windowSeconds: 60 };
  const app = await buildApp({ ...baseConfig(process.env), port: 0, host: '127.0.0.1', database, logger: false, demoConversations: 0, widgetConnectLimit, ...overrides }, options);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const SignedIn = z.object({ token: z.string().min(1) });

/** POST /api/auth: the access token of a demo-password account. */
export async function signInToken(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const body: unknown = await res.json();
  const parsed = SignedIn.safeParse(body);
  if (!res.ok || !parsed.success) throw new Error(`bench sign-in of ${email} failed: HTTP ${res.status}`);
  return parsed.data.token;
}
