import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCsvSource, type CsvSource } from '../../../src/server/db/csv-stream';
import { rowsOf } from '../../../src/server/db/statements';
import { csvReportStream, UTF8_BOM } from '../../../src/server/reports/csv';
import { dayRange } from '../../../src/server/stats/scope';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';

/**
 * A whole export against the database (issue 5): on a generated history of the demo organisation,
 * the history CSV holds exactly the conversations the filter selects — the same count, and the same
 * rows in the same order (a checksum of their ids and start times computed by the database itself),
 * and every page of the paged report together holds each of them once.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const RANGE = { start: '2026-02-01', end: '2026-03-10' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(BACKENDS)('a whole export (%s)', (backend) => {
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    platform = await createTestApp(backend, { demoConversations: 600, clock: () => NOW });
    token = (await signIn(platform.app, 'admin@demo.co')).token;
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('the history CSV is every conversation of the filter, in order, no more and no less', async () => {
    const res = await platform.app.inject({
      method: 'GET',
      url: `${endpoints.conversationsReportCsv.path}?start=${RANGE.start}&end=${RANGE.end}`,
      headers: bearer(token)
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith(UTF8_BOM)).toBe(true);
    const records = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];

    const range = dayRange(RANGE.start, RANGE.end);
    const [truth] = rowsOf(
      await platform.app.db.execute(sql`select count(*)::int as n,
        md5(coalesce(string_agg(id_conv || '|' || to_char(started_at at time zone 'America/Bogota', 'DD/MM/YYYY HH24:MI:SS'), E'\\n' order by started_at, id_conv), '')) as sum
        from conversations where organization_id = 100 and started_at >= ${range.from.toISOString()}::timestamptz and started_at < ${range.to.toISOString()}::timestamptz`)
    ) as { n: number; sum: string }[];
    expect(truth?.n).toBeGreaterThan(100);
    expect(records).toHaveLength(truth?.n ?? -1);
    expect(md5(records.map((r) => `${r['Conversación']}|${r['Inicio']}`).join('\n'))).toBe(truth?.sum);
  });

  it('the pages of the paged report hold every row of the filter exactly once', async () => {
    const seen: string[] = [];
    let totalPages = 1;
    for (let page = 1; page <= totalPages; page++) {
      const res = await platform.app.inject({
        method: 'GET',
        url: `${endpoints.conversationsReport.path}?start=${RANGE.start}&end=${RANGE.end}&page=${page}&size=97`,
        headers: bearer(token)
      });
      const body = res.json<{ conversations: { idConv: string }[]; totalPages: number; totalResult: number }>();
      totalPages = body.totalPages;
      seen.push(...body.conversations.map((c) => c.idConv));
      expect(seen.length).toBeLessThanOrEqual(body.totalResult);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const csv = parse(
      (
        await platform.app.inject({ method: 'GET', url: `${endpoints.conversationsReportCsv.path}?start=${RANGE.start}&end=${RANGE.end}`, headers: bearer(token) })
      ).body.slice(1),
      { columns: true }
    ) as Record<string, string>[];
    expect([...seen].sort()).toEqual(csv.map((r) => r['Conversación']).sort());
  });

  it("a ';' file (Excel en español) holds the same records as the ',' one, each field that holds ';' quoted; another separator is refused", async () => {
    const get = (delimiter?: string) =>
      platform.app.inject({
        method: 'GET',
        url: `${endpoints.causalReportCsv.path}?start=${RANGE.start}&end=${RANGE.end}${delimiter ? `&delimiter=${encodeURIComponent(delimiter)}` : ''}`,
        headers: bearer(token)
      });
    const comma = await get(',');
    const semicolon = await get(';');
    expect(comma.statusCode).toBe(200);
    expect(semicolon.statusCode).toBe(200);
    // Not asked: ',' (RFC 4180), the same bytes as asked for ','.
    expect((await get()).body).toBe(comma.body);
    expect(semicolon.body.startsWith(`${UTF8_BOM}Conversación;Fecha;Asesor;Split;Causales de negocio;Causal de finalización\n`)).toBe(true);
    const byComma = parse(comma.body.slice(1), { columns: true }) as Record<string, string>[];
    const bySemicolon = parse(semicolon.body.slice(1), { columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(byComma.length).toBeGreaterThan(10);
    expect(bySemicolon).toEqual(byComma);
    // Several business reasons are joined by ';' and a line break: such a field is quoted, so it stays one field.
    const several = byComma.find((r) => (r['Causales de negocio'] ?? '').includes(';\n'));
    expect(several).toBeTruthy();
    expect(semicolon.body).toContain(`;"${several?.['Causales de negocio']}"`);

    const refused = await get('|');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("El separador debe ser ';' o ','");
  });

  it.runIf(backend === 'pglite')('PGlite batches of any size write the same bytes (the keyset crosses ties on the start time)', async () => {
    const db = platform.app.db;
    // Three conversations started at the very same instant: only the id orders them.
    await db.execute(sql`update conversations set started_at = '2026-03-05T15:00:00Z'
      where id_conv in (select id_conv from conversations where organization_id = 100 order by id_conv limit 3)`);
    const input = { idOrg: 100, query: { ...RANGE, attention: 'attended' as const, resolution: 'day' as const }, range: dayRange(RANGE.start, RANGE.end), now: NOW };
    const whole = await text(csvReportStream(platform.app.services.csv, 'conversationsReportCsv', input));
    for (const size of [1, 2, 7, 50]) {
      const batched: CsvSource = pgliteCsvSource(db, size);
      expect(await text(csvReportStream(batched, 'conversationsReportCsv', input)), `batches of ${size}`).toBe(whole);
    }
  });
});
