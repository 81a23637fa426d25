import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronSettings } from '../../../src/main/adapters/settings.electron';
import { createReportSchedules, lastDue, runRange, SCHEDULE_CHECK_MS, SCHEDULE_TEXT, type ReportSchedules } from '../../../src/main/services/report-schedules';
import { silentLogger, type FileSaver, type Settings, type Tokens } from '../../../src/main/services/ports';
import type { ReportSchedule } from '../../../src/shared/report-downloads';
import { accessToken, fakeClock, harness, json, refreshToken, settle, type FakeClock, type Harness, type Recorded } from './fakes';
import { endpoints } from '../../../src/shared/api/catalogue';
import { MSG } from '../../../src/shared/messages';

const CSV = '\uFEFFAsesor,Estado\nValentina López,Activo\n';
/** Local wall-clock times (luxon's default zone: the machine's, as the scheduler reads it). */
const at = (iso: string) => DateTime.fromISO(iso).toMillis();

describe('when a schedule is due', () => {
  it('daily: today at its hour once that has passed, else yesterday', () => {
    const daily = { frequency: 'daily' as const, weekday: null, hour: 6 };
    expect(lastDue(daily, at('2026-03-10T07:30')).toISO()).toBe(DateTime.fromISO('2026-03-10T06:00').toISO());
    expect(lastDue(daily, at('2026-03-10T05:59')).toISO()).toBe(DateTime.fromISO('2026-03-09T06:00').toISO());
    expect(runRange(daily, lastDue(daily, at('2026-03-10T07:30')))).toEqual({ start: '2026-03-09', end: '2026-03-09' });
  });

  it('weekly: the latest of its weekday at its hour; it exports the seven days before', () => {
    // 2026-03-10 is a Tuesday (weekday 2).
    const mondays = { frequency: 'weekly' as const, weekday: 1, hour: 8 };
    expect(lastDue(mondays, at('2026-03-10T07:00')).toISO()).toBe(DateTime.fromISO('2026-03-09T08:00').toISO());
    expect(lastDue(mondays, at('2026-03-09T07:59')).toISO()).toBe(DateTime.fromISO('2026-03-02T08:00').toISO());
    expect(runRange(mondays, lastDue(mondays, at('2026-03-10T07:00')))).toEqual({ start: '2026-03-02', end: '2026-03-08' });
  });
});

describe('scheduled exports', () => {
  let dir: string;
  let h: Harness;
  let clock: FakeClock;
  let tokens: Tokens | null;
  let schedules: ReportSchedules;
  let requested: string[];
  /** What the folder dialog answers next (the test's folder unless a test picks another). */
  let dialogFolder: string | null;
  /** The platform's answer to an export (the CSV unless a test streams its own). */
  let answer: () => Response;

  const saver: FileSaver = { choosePath: async () => null, chooseFolder: async () => dialogFolder, showInFolder: () => undefined };
  // Tokens valid through the month the tests move in.
  const START = at('2026-03-10T07:30');
  const adminTokens = (role = 3): Tokens => ({ access: accessToken({ role, exp: START / 1000 + 30 * 86_400 }), refresh: refreshToken(START + 30 * 86_400_000) });
  const open = (settings: Settings = h.settings) =>
    createReportSchedules({ api: h.services.api, store: { current: () => tokens }, settings, saver, bus: h.services.bus, clock, logger: silentLogger });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-programados-'));
    dialogFolder = dir;
    answer = () => new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    requested = [];
    // 2026-03-10 07:30 local.
    clock = fakeClock(START);
    tokens = adminTokens();
    h = await harness(
      (req) => {
        requested.push(req.url);
        return answer();
      },
      { tokens: tokens ?? undefined, clock }
    );
    // The services' own scheduler would run the same settings on the same clock: only ours runs here.
    h.services.schedules.dispose();
    schedules = open();
  });
  afterEach(() => {
    schedules.dispose();
    h.services.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const input = { report: 'agentHistory' as const, query: { agents: [5] }, frequency: 'daily' as const, hour: 6, folder: '', format: 'csv' as const, delimiter: ';' as const };
  /** The folder dialog, as the 'Seleccionar carpeta' button opens it. */
  const choose = async (folder: string | null = dir) => {
    dialogFolder = folder;
    return schedules.chooseFolder();
  };

  it('an administrator saves one; a viewer cannot; the folder must exist; each field is checked in Spanish', async () => {
    expect(await choose()).toEqual({ ok: true, data: { path: dir } });
    const saved = await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
    expect(saved.ok).toBe(true);
    const list = await schedules.list();
    expect(list.ok && list.data.map((s) => s.report)).toEqual(['agentHistory']);

    // Picked in the dialog, then gone before the save.
    const gone = join(dir, 'borrada');
    mkdirSync(gone);
    await choose(gone);
    rmSync(gone, { recursive: true });
    expect(await schedules.save({ schedule: { ...input, folder: gone, weekday: null, idOrg: null } })).toEqual({
      ok: false,
      error: { status: 400, message: SCHEDULE_TEXT.folderMissing }
    });
    tokens = adminTokens(4);
    expect(await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } })).toEqual({
      ok: false,
      error: { status: 403, message: SCHEDULE_TEXT.adminsOnly }
    });
    expect(await schedules.chooseFolder()).toEqual({ ok: false, error: { status: 403, message: SCHEDULE_TEXT.adminsOnly } });
  });

  it('takes only a folder its own dialog gave, or the one the schedule has: any other is refused in Spanish and changes nothing', async () => {
    const refused = { ok: false, error: { status: 400, message: SCHEDULE_TEXT.folderNotChosen } };
    // A folder that exists, but that no dialog gave: the renderer cannot name it.
    const elsewhere = mkdtempSync(join(tmpdir(), 'atiende-otra-'));
    try {
      expect(await schedules.save({ schedule: { ...input, folder: elsewhere, weekday: null, idOrg: null } })).toEqual(refused);
      expect(h.settings.get('reportSchedules')).toBeNull();
      // A dialog that was cancelled gives nothing either.
      expect(await choose(null)).toEqual({ ok: true, data: null });
      expect(await schedules.save({ schedule: { ...input, folder: elsewhere, weekday: null, idOrg: null } })).toEqual(refused);

      await choose(dir);
      const saved = await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
      const id = saved.ok ? saved.data.id : '';
      const stored = h.settings.get('reportSchedules');
      // Edited in a later session (a new service: nothing picked), keeping its own folder: taken.
      schedules.dispose();
      schedules = open();
      const edited = await schedules.save({ id, schedule: { ...input, hour: 7, folder: dir, weekday: null, idOrg: null } });
      expect(edited.ok && edited.data.hour).toBe(7);
      const before = h.settings.get('reportSchedules');
      expect(before).not.toEqual(stored);
      // Moved to a folder no dialog gave: refused, the schedule as it was.
      expect(await schedules.save({ id, schedule: { ...input, hour: 8, folder: elsewhere, weekday: null, idOrg: null } })).toEqual(refused);
      expect(h.settings.get('reportSchedules')).toEqual(before);
      // Another administrator's pick is not this one's.
      await choose(elsewhere);
      tokens = { access: accessToken({ email: 'otro.admin@demo.co', role: 1, exp: START / 1000 + 30 * 86_400 }), refresh: refreshToken(START + 30 * 86_400_000) };
      expect(await schedules.save({ schedule: { ...input, folder: elsewhere, weekday: null, idOrg: null } })).toEqual(refused);
      expect(h.settings.get('reportSchedules')).toEqual(before);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('writes an Excel workbook when the schedule says so: to a temporary file, renamed once whole', async () => {
    await choose();
    const saved = await schedules.save({ schedule: { ...input, format: 'xlsx', folder: dir, weekday: null, idOrg: null } });
    expect(saved.ok && saved.data.format).toBe('xlsx');
    let send!: ReadableStreamDefaultController<Uint8Array>;
    answer = () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void (send = c) }), { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    const running = schedules.runNow(saved.ok ? saved.data.id : '');
    await vi.waitFor(() => expect(send).toBeDefined());
    send.enqueue(new TextEncoder().encode(CSV));
    // Half-way: only the temporary part is there, never a workbook under the target's name.
    await vi.waitFor(() => expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(true));
    expect(readdirSync(dir).filter((name) => !name.endsWith('.part'))).toEqual([]);
    send.close();
    const ran = await running;
    const name = 'historico_2026-03-09_2026-03-09.xlsx';
    expect(ran.ok && ran.data.lastRun).toMatchObject({ ok: true, rows: 1, path: join(dir, name) });
    expect(readdirSync(dir)).toEqual([name]);
    // The workbook is asked for as RFC 4180 CSV, whatever the schedule's separator.
    expect(new URL(requested[0] ?? '').searchParams.get('delimiter')).toBe(',');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, name));
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([undefined, 'Valentina López', 'Activo']);
  });

  it("schedules stored before a schedule chose its file are CSV ones, and the stored settings are migrated to say so", async () => {
    // electron-store as the app has it, holding a schedule from before 'format' (and 'delimiter') existed.
    const raw = new Map<string, unknown>();
    const store = { get: (key: string) => raw.get(key), set: (key: string, value: unknown) => void raw.set(key, value), delete: (key: string) => void raw.delete(key) };
    const old = { id: '6f1c1a7e-3f0a-4c52-9a55-0d7f1d5e2a10', owner: 'admin@demo.co', report: 'agentHistory', query: {}, frequency: 'daily', weekday: null, hour: 6, folder: dir, idOrg: null, since: new Date(START).toISOString(), lastRun: null };
    raw.set('reportSchedules', [old]);
    schedules.dispose();
    schedules = open(createElectronSettings(store as unknown as Parameters<typeof createElectronSettings>[0]));
    expect(raw.get('reportSchedules')).toEqual([{ ...old, format: 'csv', delimiter: ';' }]);
    const ran = await schedules.runNow(old.id);
    expect(ran.ok && ran.data.lastRun?.path).toBe(join(dir, 'historico_2026-03-09_2026-03-09.csv'));
  });

  it('runs at its hour, writes the file in its folder and keeps the last result; nothing before it was created is owed', async () => {
    await choose();
    const saved = await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
    const id = saved.ok ? saved.data.id : '';
    // Created 07:30, after today's 06:00: nothing is owed until tomorrow 06:00.
    await schedules.check();
    expect(requested).toEqual([]);

    await clock.advance(23 * 3_600_000); // 06:30 on 03-11
    // The run writes a real file: wait for its result rather than for a number of ticks.
    await vi.waitFor(async () => {
      const now = await schedules.list();
      expect(now.ok && now.data[0]?.lastRun).toBeTruthy();
    });
    expect(readdirSync(dir)).toEqual(['historico_2026-03-10_2026-03-10.csv']);
    expect(readFileSync(join(dir, 'historico_2026-03-10_2026-03-10.csv'), 'utf8')).toBe(CSV);
    expect(requested[0]).toContain('/ha/api/descargarHistoricoConexionAsesores?');
    expect(requested[0]).toContain('agents=5');
    // The schedule's separator (';' unless it says ',') goes with its filter.
    expect(new URL(requested[0] ?? '').searchParams.get('delimiter')).toBe(';');
    const list = await schedules.list();
    const run = list.ok ? list.data.find((s) => s.id === id)?.lastRun : null;
    expect(run).toMatchObject({ ok: true, rows: 1, path: join(dir, 'historico_2026-03-10_2026-03-10.csv'), error: null });

    // The next check in the same hour does not run it again.
    await clock.advance(SCHEDULE_CHECK_MS * 5);
    expect(requested).toHaveLength(1);
  });

  it('a run missed while the app was closed is made once at the next start', async () => {
    await choose();
    await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
    schedules.dispose();
    // Closed for three days; opened again on 03-13 at 09:00, and signed in again.
    clock.set(at('2026-03-13T09:00'));
    h.settings.set('lastLoginTime', clock.now());
    schedules = open();
    await schedules.check();
    expect(requested).toHaveLength(1);
    // The missed run exports the day before the latest due one (03-13 06:00).
    expect(readdirSync(dir)).toEqual(['historico_2026-03-12_2026-03-12.csv']);
    await schedules.check();
    expect(requested).toHaveLength(1);
  });

  it("runs only while its owner is signed in; a failed run keeps the reason; 'run now' and delete", async () => {
    await choose();
    const saved = await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
    const schedule = saved.ok ? saved.data : ({} as ReportSchedule);
    tokens = null;
    await clock.advance(24 * 3_600_000);
    expect(requested).toEqual([]);

    tokens = adminTokens();
    rmSync(dir, { recursive: true, force: true });
    const failed = await schedules.runNow(schedule.id);
    expect(failed.ok && failed.data.lastRun).toMatchObject({ ok: false, error: SCHEDULE_TEXT.folderMissing, path: null });

    expect(await schedules.remove(schedule.id)).toEqual({ ok: true, data: null });
    const list = await schedules.list();
    expect(list.ok && list.data).toEqual([]);
    expect((await schedules.runNow(schedule.id)).ok).toBe(false);
  });
});

/** Issue 39: a scheduled run that fails is reported to the platform, which notifies its owner (EXPORTACION_FALLIDA). */
describe('a failed scheduled run is reported to the platform', () => {
  const REPORTED = endpoints.reportScheduledExportFailed.path;
  const START = at('2026-03-10T07:30');
  let dir: string;
  let h: Harness;
  let schedules: ReportSchedules;
  let warnings: string[];
  /** The platform's answer to a call (`path`): the export's CSV and the report's acknowledgement unless a test says otherwise. */
  let answer: (req: Recorded) => Response;
  const tokens: Tokens = { access: accessToken({ role: 3, exp: START / 1000 + 30 * 86_400 }), refresh: refreshToken(START + 30 * 86_400_000) };
  const saver: FileSaver = { choosePath: async () => null, chooseFolder: async () => dir, showInFolder: () => undefined };
  const reports = () => h.calls.filter((c) => c.path === REPORTED);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-programados-'));
    warnings = [];
    answer = (req) => (req.path === REPORTED ? json(200, { queued: 1 }) : new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const clock = fakeClock(START);
    h = await harness((req) => answer(req), { tokens, clock });
    h.services.schedules.dispose();
    schedules = createReportSchedules({
      api: h.services.api,
      store: { current: () => tokens },
      settings: h.settings,
      saver,
      bus: h.services.bus,
      clock,
      logger: { ...silentLogger, warn: (message) => warnings.push(message) }
    });
  });
  afterEach(() => {
    schedules.dispose();
    h.services.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function saved(): Promise<ReportSchedule> {
    await schedules.chooseFolder();
    const result = await schedules.save({ schedule: { report: 'agentHistory', query: { agents: [5] }, frequency: 'daily', hour: 6, folder: dir, weekday: null, idOrg: null, format: 'csv', delimiter: ';' } });
    if (!result.ok) throw new Error(result.error.message);
    return result.data;
  }

  it("says which report failed and why, with the owner's session; a run that worked reports nothing", async () => {
    const schedule = await saved();
    const ok = await schedules.runNow(schedule.id);
    expect(ok.ok && ok.data.lastRun?.ok).toBe(true);
    await settle();
    expect(reports()).toEqual([]);

    rmSync(dir, { recursive: true, force: true });
    const failed = await schedules.runNow(schedule.id);
    expect(failed.ok && failed.data.lastRun).toMatchObject({ ok: false, error: SCHEDULE_TEXT.folderMissing });
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]).toMatchObject({ method: 'POST', authorization: `Bearer ${tokens.access}`, body: { report: 'Histórico de asesores', error: SCHEDULE_TEXT.folderMissing } });
    expect(warnings.filter((w) => w.startsWith('Could not report'))).toEqual([]);
  });

  it("an export the platform refused is reported with the run's reason", async () => {
    const schedule = await saved();
    answer = (req) => (req.path === REPORTED ? json(200, { queued: 1 }) : json(500, { message: 'boom' }));
    const failed = await schedules.runNow(schedule.id);
    const reason = failed.ok ? failed.data.lastRun?.error : null;
    expect(reason).toBe(MSG.generic.serverError);
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]?.body).toEqual({ report: 'Histórico de asesores', error: reason });
  });

  it('a report the platform does not take is logged, never shown: the run answers as before', async () => {
    const schedule = await saved();
    rmSync(dir, { recursive: true, force: true });
    answer = (req) => (req.path === REPORTED ? json(500, { message: 'caído' }) : new Response(CSV, { status: 200 }));
    const failed = await schedules.runNow(schedule.id);
    expect(failed).toMatchObject({ ok: true, data: { lastRun: { ok: false, error: SCHEDULE_TEXT.folderMissing } } });
    await vi.waitFor(() => expect(warnings.some((w) => w.startsWith('Could not report the failed scheduled report agentHistory'))).toBe(true));
    // A platform that cannot be reached at all: the same.
    answer = () => {
      throw new TypeError('fetch failed');
    };
    const again = await schedules.runNow(schedule.id);
    expect(again.ok).toBe(true);
    await vi.waitFor(() => expect(warnings.filter((w) => w.startsWith('Could not report')).length).toBe(2));
  });
});
