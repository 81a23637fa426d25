import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config';
import { createNotificationWorker, type NotificationWorker } from '../../../src/server/notify/worker';
import { testConfig } from '../../support/app';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { SmtpSink } from '../../support/smtp-sink';
import { createNotifyOrg, logOf, notifyConfig, raise, settled, staffVariables } from './fixtures';

const TEMPLATE = { event: 'CHAT_NO_ATENDIDO', subject: 'Chat no atendido: {{ cliente.nombre }}', body: 'Esperó {{ chat.espera }} minutos.' } as const;

/**
 * How the worker paces itself (worker.ts): with the chat quiet, batches sent `concurrency` at a
 * time and recorded in groups; with the chat active, one send at a time (and a rest after each,
 * which this test does not time). The platform's own worker is stopped: a worker of the test's,
 * on the same database, is told whether the chat is active.
 */
describe.each(BACKENDS)('the notification worker beside the chat on %s', (backend) => {
  let sink: SmtpSink;
  let database: TestDatabase | null = null;
  let app: FastifyInstance;
  let config: ServerConfig;
  let chatActive = false;
  let worker: NotificationWorker | null = null;
  const errors: unknown[] = [];

  beforeAll(async () => {
    sink = await SmtpSink.start({ parse: false });
    database = await createTestDatabase(backend);
    config = testConfig(database.target, notifyConfig({ concurrency: 4, batchSize: 12, pollMs: 0 }));
    app = await buildApp(config);
    await app.services.notify.stop();
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await sink?.stop();
    await database?.drop();
  });

  async function sendThrough(count: number, active: boolean) {
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port });
    for (let i = 0; i < count; i++) await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: `ritmo${i}@lote.co`, role: 'SUPERVISOR' }] });
    chatActive = active;
    sink.maxInData = 0;
    sink.behaviour = { delayMs: 30 };
    const before = sink.count;
    worker = createNotificationWorker(config, app.db, (error) => errors.push(error), () => chatActive);
    worker.start();
    try {
      const rows = await settled(app, org.orgId, 30_000);
      expect(rows.map((r) => r.status).filter((s) => s !== 'ENVIADA')).toEqual([]);
      expect(sink.count - before).toBe(count);
      expect((await logOf(app, org.orgId)).filter((l) => l.status === 'ENVIADA')).toHaveLength(count);
      return { claimed: worker.claimed, maxAtOnce: sink.maxInData };
    } finally {
      await worker.stop();
      worker = null;
      sink.behaviour = {};
    }
  }

  it('with the chat quiet, sends a backlog several at a time and records every send once', async () => {
    const { claimed, maxAtOnce } = await sendThrough(30, false);
    expect(claimed).toBe(30);
    expect(maxAtOnce).toBeGreaterThan(1);
    expect(maxAtOnce).toBeLessThanOrEqual(4);
    expect(errors).toEqual([]);
  });

  it('with the chat active, sends one at a time, and still sends everything', async () => {
    const { claimed, maxAtOnce } = await sendThrough(10, true);
    expect(claimed).toBe(10);
    expect(maxAtOnce).toBe(1);
    expect(errors).toEqual([]);
  });
});
