import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import pg from 'pg';
import { endpoints } from '../../../src/shared/api/catalogue';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { APPLICATION_NAME } from '../../../src/server/db/client';
import { STAT_KEYS } from '../../../src/server/stats';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, signIn } from '../../support/app';
import { objectShape, sampleParams, urlOf } from '../server/hostile-input-cases';
import { createChatFixture } from '../realtime/fixtures';
import { eventually, listenPlatform, TestClock, type Running } from '../../support/platform';
import { agentOnline, newClientId, startEscalated } from '../realtime/scenario';
import type { TestClient } from '../../support/clients';
import { AgentChatSnapshot, LiveMessage } from '../../../src/shared/realtime';

/**
 * Issue 21: statistics and report exports run on a small pool of their own (REPORTS_POOL_SIZE), so
 * however many of them come at once they never hold more than that many PostgreSQL connections, and
 * never one of the chat's. Seen from PostgreSQL itself: each pool names its connections
 * (application_name) in pg_stat_activity.
 */

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.warn('reports pool test skipped: it needs DATABASE_URL (PostgreSQL; PGlite has one connection for everything)');

/** One connection: the statistic stuck below takes it, and everything else waits for it in the platform. */
const POOL = 1;

describe.skipIf(!DATABASE_URL)('the reports pool on PostgreSQL (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  let platform: Running;
  let admin: pg.Client;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    platform = await listenPlatform(database.target, new TestClock(new Date()), { reportsPoolSize: POOL });
    admin = new pg.Client({ connectionString: database.target.kind === 'postgres' ? database.target.url : '' });
    await admin.connect();
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await admin?.end();
    await platform?.close();
    await database?.drop();
  });

  it('statistics stuck in PostgreSQL hold at most REPORTS_POOL_SIZE connections, none of the chat’s, and the chat goes on meanwhile', async () => {
    const fx = await createChatFixture(platform.app, { agentsA: 1 });
    const [spec] = fx.agents;
    if (!spec) throw new Error('one agent expected');
    const agent = await agentOnline(platform.url, spec);
    const customer = await startEscalated(platform.url, fx, 1);
    clients.push(agent, customer.client);
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
    await agent.ok('chat:accept', { conversationId: customer.conversationId }, AgentChatSnapshot);

    const { token } = await signIn(platform.app, 'superadmin@demo.co');
    const today = DateTime.now().setZone('America/Bogota');
    const range = { start: today.minus({ days: 30 }).toISODate() ?? '', end: today.toISODate() ?? '' };
    const statistics = STAT_KEYS.map((key) => endpoints[key] as EndpointDef).filter((def) => 'start' in (objectShape(def.query) ?? {}));
    expect(statistics.length).toBeGreaterThan(20);
    const urls = [
      ...statistics.map((def) => `${urlOf(def, sampleParams(def))}?${new URLSearchParams(range).toString()}`),
      ...Array.from({ length: 4 }, () => `${endpoints.conversationsReportCsv.path}?${new URLSearchParams(range).toString()}`)
    ];

    // One call first: the planner statistics' upkeep (ANALYZE of a new database) is done before the lock below.
    const first = await fetch(`${platform.url}${urls[0] ?? ''}`, { headers: bearer(token) });
    expect(first.status).toBe(200);

    // An administrator's transaction locks what the statistics and the history export read beside the conversations (the
    // daily totals, the assistant's turns; a chat with an agent touches neither): they wait in PostgreSQL, each holding
    // its connection, as long, heavy statements would.
    await admin.query('begin');
    await admin.query('lock table conversation_day_totals, customer_day_totals, bot_day_totals, bot_interactions in access exclusive mode');
    const answers = urls.map((url) =>
      fetch(`${platform.url}${url}`, { headers: bearer(token) }).then(async (res) => ({ url, status: res.status, body: await res.text() }))
    );
    const waiting = async () =>
      (
        await admin.query<{ app: string; n: number }>(
          `select application_name as app, count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' group by application_name`
        )
      ).rows;
    try {
      // Every connection of the reports' pool is taken by a waiting statistic or export; the rest wait in the platform, not in PostgreSQL.
      const stuck = await eventually(async () => {
        const rows = await waiting();
        const reports = rows.find((r) => r.app === APPLICATION_NAME.reports)?.n ?? 0;
        if (reports < POOL) throw new Error(`${reports} reports connections waiting on the lock so far; waiting: ${JSON.stringify(rows)}`);
        return rows;
      }, 20_000);
      expect(stuck).toEqual([{ app: APPLICATION_NAME.reports, n: POOL }]);
      // Meanwhile the chat goes on, both ways, on its own connections.
      for (let i = 0; i < 5; i++) {
        const clientId = newClientId();
        await customer.client.ok('widget:message', { clientId, text: `mensaje ${i}` }, LiveMessage);
        await agent.waitFor('chat:message', LiveMessage, (m) => m.clientId === clientId);
        await agent.ok('chat:send', { conversationId: customer.conversationId, clientId: newClientId(), text: `respuesta ${i}` }, LiveMessage);
      }
      expect(await waiting()).toEqual([{ app: APPLICATION_NAME.reports, n: POOL }]);
    } finally {
      await admin.query('commit');
    }
    // Then every statistic and export answers.
    const done = await Promise.all(answers);
    expect(done.filter((a) => a.status !== 200).map((a) => `${a.url}: ${a.status} ${a.body.slice(0, 100)}`)).toEqual([]);
  });
});
