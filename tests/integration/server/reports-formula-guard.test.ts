import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formulaGuard } from '../../../src/server/db/csv-stream';
import { rowsOf } from '../../../src/server/db/statements';
import {
  agentStatusChanges,
  businessReasons,
  channelTypes,
  conversationBusinessReasons,
  conversationFinalReasons,
  conversations,
  customers,
  finalReasons,
  integrationCalls,
  notificationsLog,
  notificationTypes,
  pauseEvents,
  splits,
  users,
  virtualAgents
} from '../../../src/server/db/schema';
import { endpoints } from '../../../src/shared/api/catalogue';
import { FORMULA_ESCAPE, FORMULA_TRIGGERS, neutralizeFormula } from '../../../src/shared/csv-formula';
import { CSV_DELIMITERS } from '../../../src/shared/domain/report';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';

/**
 * CSV formula injection (OWASP): every CSV the catalogue serves — the list is read from the
 * catalogue's 'csv' entries, so a report is covered the day it is added — over a day whose every
 * text a customer, an agent or an administrator can type (names, documents, splits, reasons, pause
 * events, channels, assistants, notification and integration texts, even the conversation ids)
 * starts with a formula character. Read back with a CSV parser, no cell starts with one unless it
 * is a number the report computed; a customer's "-3" is text and is guarded, a computed -3 is not.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const DAY = '2026-03-09';
const HOSTILE = ['=HYPERLINK("http://x","clic")', "+cmd|' /C calc'!A0", '-x', '@SUM(1+1)', '\tx', '\rx', '-3'] as const;
/** The integration call duration (a number the platform measured) the log must keep a number. */
const NEGATIVE_MS = -3;

const CSV_ENTRIES = Object.entries(endpoints).filter(([, def]) => def.response === 'csv');
const TRIGGERS: ReadonlySet<string> = new Set(FORMULA_TRIGGERS);
const at = (minute: number) => new Date(`${DAY}T10:${String(minute).padStart(2, '0')}:00-05:00`);

/** One of each thing a report shows text of, per hostile value; names that must be unique carry its index. */
async function insertHostileDay(app: FastifyInstance): Promise<void> {
  const db = app.db;
  for (const [i, text] of HOSTILE.entries()) {
    const unique = `${text} ${i}`;
    const [va] = await db.insert(virtualAgents).values({ organizationId: 100, name: text }).returning();
    const channelId = 900 + i;
    await db.insert(channelTypes).values({ idChannel: channelId, key: `channel${channelId}`, label: text });
    const [customer] = await db.insert(customers).values({ organizationId: 100, documentType: text, identification: text, name: text }).returning();
    const [split] = await db.insert(splits).values({ organizationId: 100, codigoSplit: `F${i}`, nombre: unique }).returning();
    const [agent] = await db.insert(users).values({ organizationId: 100, email: `formula${i}@demo.co`, name: text, role: 5, passwordHash: 'x' }).returning();
    const [business] = await db.insert(businessReasons).values({ organizationId: 100, codigoCausal: `F${i}`, nombre: unique }).returning();
    const [final] = await db.insert(finalReasons).values({ organizationId: 100, codigoCausalFinalizacion: `F${i}`, nombre: unique }).returning();
    const [pause] = await db.insert(pauseEvents).values({ organizationId: 100, nombre: unique }).returning();
    if (!va || !customer || !split || !agent || !business || !final || !pause) throw new Error('fixture not inserted');

    const base = {
      organizationId: 100,
      idVa: va.idVa,
      channelId,
      customerId: customer.id,
      customerData: { 'Nombre completo': text },
      status: 'FINALIZADA',
      splitId: split.idSplit,
      startedAt: at(i),
      escalatedAt: at(i + 1),
      queuedAt: at(i + 1),
      lastCustomerActivityAt: at(i),
      endedAt: at(i + 20),
      widgetTokenHash: randomBytes(16).toString('hex')
    };
    // Attended (an agent took it) and not attended (it ended in the queue): the two human-agent chat files.
    const attended = text;
    const unattended = `${text} sin asesor`;
    await db.insert(conversations).values([
      { ...base, idConv: attended, agentId: agent.idUser, assignedAt: at(i + 2), acceptedAt: at(i + 2), endedBy: 'ASESOR' },
      { ...base, idConv: unattended, endedBy: 'CLIENTE' }
    ]);
    for (const conversationId of [attended, unattended]) {
      await db.insert(conversationBusinessReasons).values({ conversationId, reasonId: business.idCausal, agentId: agent.idUser, splitId: split.idSplit, createdAt: at(i + 20) });
      await db.insert(conversationFinalReasons).values({ conversationId, reasonId: final.idCausal, agentId: agent.idUser, createdAt: at(i + 20) });
    }
    await db.insert(agentStatusChanges).values({ userId: agent.idUser, organizationId: 100, status: text, pauseEventId: pause.id, startedAt: at(i), endedAt: at(i + 5) });
    await db.insert(notificationTypes).values({ typeNotificationId: channelId, name: text });
    await db.insert(notificationsLog).values({
      organizationId: 100,
      sentAt: at(i),
      eventType: text,
      typeNotificationId: channelId,
      recipient: text,
      recipientRole: text,
      status: 'ENVIADA',
      detail: text,
      conversationId: attended
    });
    await db.insert(integrationCalls).values({
      organizationId: 100,
      idVa: va.idVa,
      conversationId: attended,
      calledAt: at(i),
      service: text,
      status: 'failed',
      durationMs: i === 0 ? NEGATIVE_MS : 100 * i,
      detail: text
    });
  }
}

/** A cell a spreadsheet would evaluate. */
const evaluates = (cell: string) => TRIGGERS.has(cell.charAt(0));
const isNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

describe.each(BACKENDS)('CSV formula injection (%s)', (backend) => {
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => NOW });
    await insertHostileDay(platform.app);
    token = (await signIn(platform.app, 'admin@demo.co')).token;
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('the SQL of the COPY and the CSV writer guard the same texts the same way', async () => {
    const samples = [...HOSTILE, '', 'Ana', "'=x", 'x=1', '=', '-', ' =1', '\n=1', 'ñ=', '+57 300', '@', `${FORMULA_ESCAPE}@x`];
    for (const sample of samples) {
      const [row] = rowsOf(await platform.app.db.execute(sql`select ${formulaGuard(sql`${sample}::text`)} as guarded`)) as { guarded: string }[];
      expect(row?.guarded, JSON.stringify(sample)).toBe(neutralizeFormula(sample));
    }
  });

  // Both separators and, for the entries that take it, both kinds of attention: each file the catalogue can serve.
  const files = CSV_ENTRIES.flatMap(([name, def]) =>
    CSV_DELIMITERS.flatMap((delimiter) => (['attended', 'notAttended'] as const).map((attention) => ({ name, path: def.path, delimiter, attention })))
  );

  it.each(files)('$name ($delimiter, $attention): no text cell starts with a formula character; numbers stay numbers', async ({ path, delimiter, attention }) => {
    const res = await platform.app.inject({
      method: 'GET',
      url: `${path}?start=${DAY}&end=${DAY}&attention=${attention}&delimiter=${encodeURIComponent(delimiter)}`,
      headers: bearer(token)
    });
    expect(res.statusCode, res.body).toBe(200);
    const [headers, ...rows] = parse(res.body, { bom: true, delimiter, relax_column_count: false }) as string[][];
    expect(headers?.some(evaluates)).toBe(false);
    expect(rows.length).toBeGreaterThanOrEqual(HOSTILE.length);
    for (const row of rows) {
      for (const [i, cell] of row.entries()) {
        if (evaluates(cell)) expect(isNumber(cell), `${headers?.[i]}: ${JSON.stringify(cell)}`).toBe(true);
      }
    }
    // Every hostile text reached this file, guarded.
    const cells = rows.flat();
    for (const text of HOSTILE) {
      expect(
        cells.some((cell) => cell.startsWith(FORMULA_ESCAPE + text)),
        `${JSON.stringify(text)} in ${path}`
      ).toBe(true);
    }
  });

  it("a customer's '-3' is text and guarded; a computed -3 stays a number", async () => {
    const csv = async (path: string) => {
      const res = await platform.app.inject({ method: 'GET', url: `${path}?start=${DAY}&end=${DAY}`, headers: bearer(token) });
      return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    };
    const access = await csv(endpoints.accessLogCsv.path);
    expect(access.some((r) => r['Nombre'] === `${FORMULA_ESCAPE}-3`)).toBe(true);
    expect(access.some((r) => r['Identificación'] === `${FORMULA_ESCAPE}-3`)).toBe(true);
    const integrations = await csv(endpoints.integrationLogCsv.path);
    const durations = integrations.map((r) => r['Duración (ms)']);
    expect(durations).toContain(String(NEGATIVE_MS));
    expect(durations.every((d) => d !== undefined && isNumber(d))).toBe(true);
  });
});
