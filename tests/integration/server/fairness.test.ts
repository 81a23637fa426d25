import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateTime } from 'luxon';
import { endpoints } from '../../../src/shared/api/catalogue';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { MAX_SPAN_DAYS } from '../../../src/shared/domain/filter';
import { STAT_KEYS } from '../../../src/server/stats';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../../src/server/http/errors';
import { openDatabase } from '../../../src/server/db/client';
import { text } from 'node:stream/consumers';
import { MAX_STATEMENT_ROWS, runShared, STATS_TEXT } from '../../../src/server/stats/executor';
import { connectWidget, type TestClient } from '../../support/clients';
import { createChatFixture, entryAnswers, type ChatFixture } from '../realtime/fixtures';
import { listenPlatform, TestClock, type Running } from '../../support/platform';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, signIn } from '../../support/app';
import { objectShape, sampleParams, urlOf } from './hostile-input-cases';

/**
 * Fairness: while analytics readers send the heaviest statistics requests the filter allows (the
 * longest span at the finest resolution: hours over 31 days, days over two years) on an organisation
 * with a generated history, a customer's widget still gets its answers, and every heavy request
 * answers — its figures, or the statement timeout's refusal (a 503 in Spanish), never a 500. No
 * wall-clock assertion: what is checked is that everything answers.
 */

const DEMO_CONVERSATIONS = 1500;

describe.each(BACKENDS)('fairness under the heaviest allowed statistics, on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  let widget: TestClient;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(new Date()), { demoConversations: DEMO_CONVERSATIONS });
    fx = await createChatFixture(platform.app, { agentsA: 1 });
    widget = await connectWidget(platform.url, { org: fx.orgId, va: fx.vaId }, false);
    await widget.ok('widget:start', { fields: entryAnswers(fx, 1) }, z.unknown());
    token = (await signIn(platform.app, 'superadmin@demo.co')).token;
  }, 180_000);
  afterAll(async () => {
    widget.close();
    await platform.close();
    await database.drop();
  });

  it('answers the customer while the heaviest allowed statistics run, and answers them too', async () => {
    const today = DateTime.now().setZone('America/Bogota');
    const day = (d: DateTime) => d.toISODate() ?? '';
    const worst = [
      { start: day(today.minus({ days: MAX_SPAN_DAYS.hour - 1 })), end: day(today), resolution: 'hour' },
      { start: day(today.minus({ days: MAX_SPAN_DAYS.day - 1 })), end: day(today), resolution: 'day' }
    ];
    const series = STAT_KEYS.map((key) => endpoints[key] as EndpointDef).filter((def) => 'resolution' in (objectShape(def.query) ?? {}));
    expect(series.length).toBeGreaterThan(10);
    const heavy = series.flatMap((def) =>
      worst.map((query) =>
        fetch(`${platform.url}${urlOf(def, sampleParams(def))}?${new URLSearchParams(query).toString()}`, { headers: bearer(token) }).then(async (res) => ({
          path: def.path,
          status: res.status,
          body: await res.text()
        }))
      )
    );
    // Meanwhile, a customer writes: the message is stored and acknowledged.
    const ack = await widget.ok('widget:message', { clientId: 'justo-1234', text: '¿Cuál es el horario?', attachment: null }, z.object({ seq: z.number() }), 60_000);
    expect(ack.seq).toBeGreaterThan(0);
    const answers = await Promise.all(heavy);
    const wrong = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.body.includes(STATS_TEXT.timeout))));
    expect(wrong.map((a) => `${a.path}: ${a.status} ${a.body.slice(0, 120)}`)).toEqual([]);
    // And once they are done, the customer is still answered.
    const later = await widget.ok('widget:message', { clientId: 'justo-5678', text: 'Gracias', attachment: null }, z.object({ seq: z.number() }), 60_000);
    expect(later.seq).toBeGreaterThan(ack.seq);
  }, 300_000);

  it('refuses an answer over its size cap with a message instead of building it', async () => {
    const refused = await runShared(platform.app.services.reportsDb, sql`select g from generate_series(1, ${MAX_STATEMENT_ROWS + 1}) g`).then(
      () => null,
      (error: unknown) => error
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 422, message: STATS_TEXT.tooLarge });
  });

  // PGlite accepts statement_timeout and ignores it (no timer to cancel with): there the span limits are the bound.
  it.skipIf(backend === 'pglite')('cancels a statistics statement past the reports\' timeout and answers 503 in Spanish; a CSV export\'s COPY is exempt', async () => {
    const opened = await openDatabase(database.target, { reportsPoolSize: 1, reportsStatementTimeoutMs: 50 });
    try {
      const refused = await runShared(opened.reports.db, sql`select pg_sleep(0.5)`).then(
        () => null,
        (error: unknown) => error
      );
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ statusCode: 503, message: STATS_TEXT.timeout });
      // The chat's connections have no such timeout, and the export's COPY runs past it on the same pool.
      await opened.db.execute(sql`select pg_sleep(0.1)`);
      const columns = [{ value: sql`(select 'lenta' from pg_sleep(0.1))` }, { value: sql`'fila'` }];
      const csv = await text(opened.reports.csv({ columns, source: sql`from (select 1) t where true`, keys: [{ expr: sql`1`, type: 'int' }] }));
      expect(csv).toBe('lenta,fila\n');
      // And the pool's connection serves the next statistic with the timeout back in force.
      expect(await runShared(opened.reports.db, sql`select current_setting('statement_timeout') as t`)).toEqual([{ t: '50ms' }]);
    } finally {
      await opened.close();
    }
  });
});
