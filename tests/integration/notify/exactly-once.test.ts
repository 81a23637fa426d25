import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { DatabaseTarget } from '../../../src/server/db/client';
import { notificationOutbox } from '../../../src/server/db/schema';
import { testConfig } from '../../support/app';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { SmtpSink } from '../../support/smtp-sink';
import { createNotifyOrg, logOf, notifyConfig, outboxOf, raise, settled, staffVariables, type NotifyOrg } from './fixtures';

const TEMPLATE = { event: 'CHAT_NO_ATENDIDO', subject: 'Chat no atendido: {{ cliente.nombre }}', body: 'Esperó {{ chat.espera }} minutos.' } as const;

/** Raises one notification to each of `count` recipients (n@lote.co), one event each. */
async function raiseMany(app: FastifyInstance, org: NotifyOrg, count: number): Promise<string[]> {
  const recipients = Array.from({ length: count }, (_, i) => `persona${i}@lote.co`);
  for (const email of recipients) await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email, role: 'SUPERVISOR' }] });
  return recipients;
}

/** Every recipient got exactly one mail, every row is sent, and the log has one ENVIADA row per outbox row. */
async function expectEachSentOnce(app: FastifyInstance, sink: SmtpSink, org: NotifyOrg, recipients: readonly string[]): Promise<void> {
  const rows = await settled(app, org.orgId, 30_000);
  expect(rows.map((r) => r.status).filter((s) => s !== 'ENVIADA')).toEqual([]);
  expect(recipients.map((r) => sink.to(r).length).filter((n) => n !== 1)).toEqual([]);
  const sentRows = (await logOf(app, org.orgId)).filter((l) => l.status === 'ENVIADA');
  expect(sentRows.map((l) => l.outboxId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(rows.map((r) => r.id));
}

describe.each(BACKENDS)('notifications across a platform restart on %s', (backend) => {
  let sink: SmtpSink;
  let database: TestDatabase | null = null;
  let dataDir: string | null = null;
  let target: DatabaseTarget;
  const config = notifyConfig({ concurrency: 4 });

  beforeAll(async () => {
    sink = await SmtpSink.start();
    if (backend === 'postgres') {
      database = await createTestDatabase('postgres');
      target = database.target;
    } else {
      // A restart keeps what is on disk: PGlite in a data directory of its own, not in memory.
      dataDir = mkdtempSync(join(tmpdir(), 'atiende-notify-restart-'));
      target = { kind: 'pglite', dataDir: join(dataDir, 'platform') };
    }
  });
  afterAll(async () => {
    await sink?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every queued notification exactly once when the platform stops mid-queue and starts again', async () => {
    const first = await buildApp(testConfig(target, config));
    let org: NotifyOrg;
    let recipients: string[];
    try {
      org = await createNotifyOrg(first, [TEMPLATE], { smtpPort: sink.port });
      // A slow server: sends stay under way while the platform stops.
      sink.behaviour = { delayMs: 100 };
      recipients = await raiseMany(first, org, 24);
      await sink.waitForCount(5);
    } finally {
      await first.close();
    }
    // The sends under way finished and were recorded before the database closed; nothing is left claimed.
    const afterStop = sink.count;
    expect(afterStop).toBeGreaterThanOrEqual(5);
    expect(afterStop).toBeLessThan(24);

    const second = await buildApp(testConfig(target, config));
    try {
      await expectEachSentOnce(second, sink, org, recipients);
      // One try each: nothing was left claimed by the first process (its lease would have held the row
      // for two minutes and a second claim counted a second try), nothing was retried.
      expect((await outboxOf(second, org.orgId)).map((r) => r.attempts).filter((n) => n !== 1)).toEqual([]);
    } finally {
      sink.behaviour = {};
      await second.close();
    }
  });

  it("takes over a row a crashed process claimed once its lease has run out, and sends it once", async () => {
    const first = await buildApp(testConfig(target, { ...config, notifyDelivery: { ...config.notifyDelivery!, pollMs: 0, concurrency: 1 } }));
    let org: NotifyOrg;
    try {
      org = await createNotifyOrg(first, [TEMPLATE], { smtpPort: sink.port });
      await first.services.notify.stop();
      await raise(first, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'huerfana@lote.co', role: 'SUPERVISOR' }] });
      // What a process that died right after claiming leaves behind: ENVIANDO, one try counted, a lease (already run out).
      await first.db
        .update(notificationOutbox)
        .set({ status: 'ENVIANDO', attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
        .where(and(eq(notificationOutbox.organizationId, org.orgId)));
    } finally {
      await first.close();
    }
    const second = await buildApp(testConfig(target, config));
    try {
      const [row] = await settled(second, org.orgId);
      expect(row).toMatchObject({ status: 'ENVIADA', attempts: 2 });
      expect(sink.to('huerfana@lote.co')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two platform processes on PostgreSQL', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    database = await createTestDatabase('postgres');
    const config = notifyConfig({ concurrency: 4 });
    one = await buildApp(testConfig(database.target, config));
    two = await buildApp(testConfig(database.target, config));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await sink?.stop();
    await database?.drop();
  });

  it('each notification is sent by one of them, exactly once', async () => {
    const org = await createNotifyOrg(one, [TEMPLATE], { smtpPort: sink.port });
    sink.behaviour = { delayMs: 5 };
    // Raised half on each: both processes' kicks and polls race for the same rows.
    const recipients = Array.from({ length: 120 }, (_, i) => `cluster${i}@lote.co`);
    await Promise.all(
      recipients.map((email, i) =>
        raise(i % 2 === 0 ? one : two, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email, role: 'SUPERVISOR' }] })
      )
    );
    await expectEachSentOnce(one, sink, org, recipients);
    expect(one.services.notify.claimed).toBeGreaterThan(0);
    expect(two.services.notify.claimed).toBeGreaterThan(0);
    expect(one.services.notify.claimed + two.services.notify.claimed).toBe(120);
    sink.behaviour = {};
  });

  it('the per-recipient cap holds across processes', async () => {
    const org = await createNotifyOrg(one, [TEMPLATE], { smtpPort: sink.port, capCount: 3 });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        raise(i % 2 === 0 ? one : two, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'compartida@lote.co', role: 'SUPERVISOR' }] })
      )
    );
    const rows = await settled(one, org.orgId);
    expect(rows.filter((r) => r.status === 'ENVIADA')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'SUPRIMIDA')).toHaveLength(7);
    expect(sink.to('compartida@lote.co')).toHaveLength(3);
  });
});
