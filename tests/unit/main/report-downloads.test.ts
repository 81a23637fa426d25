import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCsvRowCounter, createReportDownloads, type ReportDownloads } from '../../../src/main/services/report-downloads';
import { silentLogger, type FileSaver } from '../../../src/main/services/ports';
import type { DownloadProgress } from '../../../src/shared/report-downloads';
import { MSG } from '../../../src/shared/messages';
import { accessToken, harness, refreshToken, settle, signedIn, T0, type Harness, type Route } from './fakes';

const HEADER = '\uFEFFFecha,Tipo de identificación,Identificación,Nombre,Canal,Asistente virtual,Conversación\n';
const ROW = '09/03/2026 09:00:00,CÉDULA CIUDADANIA,111,"Ríos, Ana",Web,Asistente Demo,K1\n';
const csvResponse = (body: string | ReadableStream<Uint8Array>) => new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });

/** A body the test feeds chunk by chunk, and can fail. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    }
  });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new Error('conexión interrumpida'))
  };
}

describe('the CSV row counter', () => {
  it('counts rows, not newlines inside quoted fields, whatever the chunking, and not the header', () => {
    const text = 'a,b\n1,"x;\ny"\n2,"z"\n';
    for (const size of [1, 2, 3, 100]) {
      const counter = createCsvRowCounter();
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += size) counter.push(bytes.subarray(i, i + size));
      expect(counter.rows(), `chunks of ${size}`).toBe(2);
    }
  });
});

describe('report downloads', () => {
  let dir: string;
  let h: Harness;
  let downloads: ReportDownloads;
  let route: Route;
  let chosen: string[];
  let cancelDialog: boolean;
  let shown: string[];
  let events: DownloadProgress[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-reportes-'));
    chosen = [];
    shown = [];
    cancelDialog = false;
    route = () => csvResponse(HEADER + ROW + ROW);
    h = await harness((req) => route(req), { tokens: signedIn() });
    const saver: FileSaver = {
      choosePath: async (name) => {
        chosen.push(name);
        return cancelDialog ? null : join(dir, name);
      },
      chooseFolder: async () => dir,
      showInFolder: (path) => shown.push(path)
    };
    events = [];
    h.services.bus.on('reports:progress', (p) => events.push(p));
    downloads = createReportDownloads({
      api: h.services.api,
      store: { current: () => signedIn() },
      settings: h.settings,
      saver,
      bus: h.services.bus,
      clock: h.clock,
      logger: silentLogger
    });
  });
  afterEach(() => {
    h.services.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  // The download advances through file-system work on libuv's thread pool: a busy machine takes more
  // than a fixed number of event-loop turns, so wait for what the test expects (a generous bound, not a
  // timing assertion).
  const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });
  const ended = async () => {
    await eventually(() => expect(events.some((e) => e.state !== 'running')).toBe(true));
    return events.at(-1);
  };

  it('offers the SPEC §9 name, streams the file in, and tells rows and bytes; nothing else is left in the folder', async () => {
    const started = await downloads.download({ report: 'accessLog', query: { start: '2026-03-09', end: '2026-03-10' } });
    expect(started.ok && started.data?.state).toBe('running');
    expect(chosen).toEqual(['usuarios.csv']);
    const last = await ended();
    expect(last).toMatchObject({ state: 'done', rows: 2, bytes: Buffer.byteLength(HEADER + ROW + ROW), path: join(dir, 'usuarios.csv') });
    expect(readFileSync(join(dir, 'usuarios.csv'), 'utf8')).toBe(HEADER + ROW + ROW);
    expect(readdirSync(dir)).toEqual(['usuarios.csv']);
    expect(h.calls.at(-1)?.url).toContain('/api/reports/consumerClients/csv?start=2026-03-09&end=2026-03-10');

    expect(await downloads.showInFolder(last?.id ?? '')).toEqual({ ok: true, data: null });
    expect(shown).toEqual([join(dir, 'usuarios.csv')]);
  });

  it("sends the separator: ';' (Excel en español) until the user chooses ',', then that one, remembered for that user only", async () => {
    const separatorOf = () => new URL(h.calls.at(-1)?.url ?? 'http://x/').searchParams.get('delimiter');
    expect(await downloads.preferences()).toEqual({ ok: true, data: { delimiter: ';' } });
    await downloads.download({ report: 'accessLog', query: { start: '2026-03-09', end: '2026-03-10' } });
    await ended();
    expect(separatorOf()).toBe(';');

    events.length = 0;
    await downloads.download({ report: 'accessLog', query: { start: '2026-03-09', end: '2026-03-10' }, delimiter: ',' });
    await ended();
    expect(separatorOf()).toBe(',');
    expect(await downloads.preferences()).toEqual({ ok: true, data: { delimiter: ',' } });
    // In the main process's settings (electron-store in the app), keyed by the user.
    expect(h.settings.get('reportPreferences')).toEqual({ 'admin@demo.co': { delimiter: ',' } });

    events.length = 0;
    await downloads.download({ report: 'accessLog', query: { start: '2026-03-09', end: '2026-03-10' } });
    await ended();
    expect(separatorOf()).toBe(',');

    const other = createReportDownloads({
      api: h.services.api,
      store: { current: () => ({ access: accessToken({ email: 'visualizador@demo.co', role: 4 }), refresh: refreshToken(T0 + 86_400_000) }) },
      settings: h.settings,
      saver: { choosePath: async () => null, chooseFolder: async () => dir, showInFolder: () => undefined },
      bus: h.services.bus,
      clock: h.clock,
      logger: silentLogger
    });
    expect(await other.preferences()).toEqual({ ok: true, data: { delimiter: ';' } });
  });

  it('an Excel workbook of the same rows: the same name as .xlsx, made from the RFC 4180 CSV, typed cells', async () => {
    await downloads.download({ report: 'accessLog', query: { start: '2026-03-09', end: '2026-03-10' }, delimiter: ';', format: 'xlsx' });
    const last = await ended();
    expect(chosen).toEqual(['usuarios.xlsx']);
    expect(last).toMatchObject({ state: 'done', rows: 2, path: join(dir, 'usuarios.xlsx') });
    // The progress tells the workbook's bytes, not the CSV's it was made from.
    expect(last?.bytes).toBe(statSync(join(dir, 'usuarios.xlsx')).size);
    expect(last?.bytes).not.toBe(Buffer.byteLength(HEADER + ROW + ROW));
    expect(new URL(h.calls.at(-1)?.url ?? 'http://x/').searchParams.get('delimiter')).toBe(',');
    expect(readdirSync(dir)).toEqual(['usuarios.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'usuarios.xlsx'));
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 9, 9, 0, 0)));
    expect(sheet?.getRow(2).getCell(4).value).toBe('Ríos, Ana');
    // The separator chosen stays the CSV's.
    expect(await downloads.preferences()).toEqual({ ok: true, data: { delimiter: ';' } });
  });

  it('names the other files after their range (historico_{start}_{end}.csv, reporteCausales.csv…)', async () => {
    for (const [report, query] of [
      ['agentHistory', { start: '2026-03-01', end: '2026-03-09' }],
      ['causal', { start: '2026-03-01', end: '2026-03-09' }],
      ['humanAgentChats', { attention: 'notAttended', start: '2026-03-01', end: '2026-03-02' }],
      ['conversations', { start: '2026-03-01', end: '2026-03-02' }]
    ] as const) {
      await downloads.download({ report, query });
      await ended();
      events = [];
    }
    expect(chosen).toEqual(['historico_2026-03-01_2026-03-09.csv', 'reporteCausales.csv', 'chats_no_atendidos_2026-03-01_2026-03-02.csv', 'conversaciones_2026-03-01_2026-03-02.csv']);
  });

  it('a cancel stops the download and leaves nothing, neither the file nor its temporary part', async () => {
    const body = controlledBody();
    route = () => csvResponse(body.stream);
    const started = await downloads.download({ report: 'conversations', query: { start: '2026-03-01', end: '2026-03-02' } });
    body.push(HEADER + ROW);
    await eventually(() => expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(true));
    expect(await downloads.cancel(started.ok ? (started.data?.id ?? '') : '')).toEqual({ ok: true, data: null });
    expect(await ended()).toMatchObject({ state: 'cancelled' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a server failure mid-stream leaves nothing under the target name and says so in Spanish', async () => {
    const body = controlledBody();
    route = () => csvResponse(body.stream);
    await downloads.download({ report: 'notificationLog', query: { start: '2026-03-01', end: '2026-03-02' } });
    body.push(HEADER + ROW + ROW);
    await settle();
    body.fail();
    expect(await ended()).toMatchObject({ state: 'failed', error: MSG.reports.loadFailed });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an error answer, a cancelled dialog and a bad filter write nothing', async () => {
    route = () => new Response(JSON.stringify({ message: 'Usuario no autorizado' }), { status: 403, headers: { 'content-type': 'application/json' } });
    const days = { start: '2026-03-01', end: '2026-03-09' };
    await downloads.download({ report: 'causal', query: days });
    expect(await ended()).toMatchObject({ state: 'failed', error: MSG.generic.unauthorized });

    cancelDialog = true;
    const calls = h.calls.length;
    expect(await downloads.download({ report: 'causal', query: days })).toEqual({ ok: true, data: null });
    expect(h.calls.length).toBe(calls);

    cancelDialog = false;
    const bad = await downloads.download({ report: 'causal', query: { start: '2026-03-10', end: '2026-03-01' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.status).toBe(400);
    expect(h.calls.length).toBe(calls);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('cancelling or showing an unknown download answers 404', async () => {
    expect((await downloads.cancel('6f1c1a7e-3f0a-4c52-9a55-0d7f1d5e2a10')).ok).toBe(false);
    expect((await downloads.showInFolder('6f1c1a7e-3f0a-4c52-9a55-0d7f1d5e2a10')).ok).toBe(false);
  });
});
