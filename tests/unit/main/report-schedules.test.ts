import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReportSchedules, lastDue, runRange, SCHEDULE_CHECK_MS, SCHEDULE_TEXT, type ReportSchedules } from '../../../src/main/services/report-schedules';
import { silentLogger, type FileSaver, type Tokens } from '../../../src/main/services/ports';
import type { ReportSchedule } from '../../../src/shared/report-downloads';
import { accessToken, fakeClock, harness, refreshToken, type FakeClock, type Harness } from './fakes';

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

  const saver: FileSaver = { choosePath: async () => null, chooseFolder: async () => dir, showInFolder: () => undefined };
  // Tokens valid through the month the tests move in.
  const START = at('2026-03-10T07:30');
  const adminTokens = (role = 3): Tokens => ({ access: accessToken({ role, exp: START / 1000 + 30 * 86_400 }), refresh: refreshToken(START + 30 * 86_400_000) });
  const open = () =>
    createReportSchedules({ api: h.services.api, store: { current: () => tokens }, settings: h.settings, saver, bus: h.services.bus, clock, logger: silentLogger });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-programados-'));
    requested = [];
    // 2026-03-10 07:30 local.
    clock = fakeClock(START);
    tokens = adminTokens();
    h = await harness(
      (req) => {
        requested.push(req.url);
        return new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
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

  const input = { report: 'agentHistory' as const, query: { agents: [5] }, frequency: 'daily' as const, hour: 6, folder: '', delimiter: ';' as const };

  it('an administrator saves one; a viewer cannot; the folder must exist; each field is checked in Spanish', async () => {
    const saved = await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } });
    expect(saved.ok).toBe(true);
    const list = await schedules.list();
    expect(list.ok && list.data.map((s) => s.report)).toEqual(['agentHistory']);

    expect(await schedules.save({ schedule: { ...input, folder: join(dir, 'no-existe'), weekday: null, idOrg: null } })).toEqual({
      ok: false,
      error: { status: 400, message: SCHEDULE_TEXT.folderMissing }
    });
    tokens = adminTokens(4);
    expect(await schedules.save({ schedule: { ...input, folder: dir, weekday: null, idOrg: null } })).toEqual({
      ok: false,
      error: { status: 403, message: SCHEDULE_TEXT.adminsOnly }
    });
  });

  it('runs at its hour, writes the file in its folder and keeps the last result; nothing before it was created is owed', async () => {
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
