import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { agentPresence, conversationAssignments, conversations } from '../../../src/server/db/schema';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../../src/server/config';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import type { Backend } from '../../support/database';

export const FORBIDDEN_BODY = { statusCode: 403, error: 'Forbidden', message: 'Usuario no autorizado' };

/** Signs every e-mail in and keeps its access token. */
export async function signInAll(app: FastifyInstance, emails: readonly string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) tokens[email] = (await signIn(app, email)).token;
  return tokens;
}

/** An injector bound to the tokens: call(email, method, url, payload?). */
export function caller(app: FastifyInstance, tokens: Record<string, string>) {
  return (email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const token = tokens[email];
    if (!token) throw new Error(`No token for ${email}`);
    return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  };
}

export type Caller = ReturnType<typeof caller>;

/**
 * The platform of a describe block on `backend` with `emails` signed in: built before the block's
 * tests, closed after them. Its `platform` and `call` are there once the tests run.
 */
export function signedInPlatform(backend: Backend, emails: readonly string[], overrides: Partial<ServerConfig> = {}): { platform: TestPlatform; call: Caller } {
  const signed = {} as { platform: TestPlatform; call: Caller };
  beforeAll(async () => {
    signed.platform = await createTestApp(backend, overrides);
    signed.call = caller(signed.platform.app, await signInAll(signed.platform.app, emails));
  });
  afterAll(() => signed.platform?.close());
  return signed;
}

export interface ConversationFixture {
  organizationId?: number;
  idVa?: number;
  status: 'BOT' | 'EN_COLA' | 'ASIGNADA' | 'ACTIVA' | 'FINALIZADA';
  splitId?: number | null;
  agentId?: number | null;
  startedAt?: Date;
  queuedAt?: Date | null;
}

/** A conversation row as the engine would leave it (only the columns the REST calls read). */
export async function insertConversation(app: FastifyInstance, fixture: ConversationFixture): Promise<string> {
  const idConv = `conv-${randomBytes(6).toString('hex')}`;
  const startedAt = fixture.startedAt ?? new Date('2026-03-02T14:00:00.000Z');
  await app.db.insert(conversations).values({
    idConv,
    organizationId: fixture.organizationId ?? 100,
    idVa: fixture.idVa ?? (fixture.organizationId === 200 ? 3 : 1),
    channelId: 3,
    customerData: { 'Nombre completo': 'Cliente de prueba' },
    status: fixture.status,
    splitId: fixture.splitId ?? null,
    agentId: fixture.agentId ?? null,
    startedAt,
    escalatedAt: fixture.status === 'BOT' ? null : startedAt,
    queuedAt: fixture.queuedAt === undefined ? (fixture.status === 'BOT' ? null : startedAt) : fixture.queuedAt,
    assignedAt: fixture.agentId ? startedAt : null,
    lastCustomerActivityAt: startedAt,
    endedAt: fixture.status === 'FINALIZADA' ? startedAt : null,
    widgetTokenHash: randomBytes(16).toString('hex')
  });
  if (fixture.agentId) {
    await app.db.insert(conversationAssignments).values({ conversationId: idConv, agentId: fixture.agentId, splitId: fixture.splitId ?? null, assignedAt: startedAt });
  }
  return idConv;
}

/** Records that `agentId` had the conversation before (a transfer moved it on). */
export async function insertEarlierAssignment(app: FastifyInstance, conversationId: string, agentId: number): Promise<void> {
  const at = new Date('2026-03-02T13:00:00.000Z');
  await app.db.insert(conversationAssignments).values({ conversationId, agentId, assignedAt: at, releasedAt: at, releaseReason: 'TRASLADO' });
}

export async function setPresence(app: FastifyInstance, userId: number, status: 'Activo' | 'Pausa' | 'Desconectado', since: Date, pauseEventId: number | null = null) {
  await app.db.update(agentPresence).set({ status, since, pauseEventId }).where(eq(agentPresence.userId, userId));
}
