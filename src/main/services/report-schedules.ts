import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import { REPORT_DOWNLOADS, reportFileName, type ReportSchedule, type SaveScheduleArg, type ScheduleInput } from '../../shared/report-downloads';
import type { ApiClient } from './api-client';
import type { EventBus } from './event-bus';
import { safeFileName, uniquePath } from './file-download';
import { decodeClaims } from './jwt';
import type { Clock, FileSaver, Logger, Settings } from './ports';
import { exportReport } from './report-downloads';
import type { SessionStore } from './session-store';

/** How often the scheduler looks for a run that is due (and at start, and when a schedule changes). */
export const SCHEDULE_CHECK_MS = 60_000;

/** Who may schedule exports: the administrators (roles 1 and 3). */
const SCHEDULERS = new Set([1, 3]);

/** Folders picked in the dialog that a save may still name, per administrator (the latest ones). */
const PICKS_KEPT = 20;

export const SCHEDULE_TEXT = {
  adminsOnly: 'Solo un administrador puede programar reportes',
  notFound: 'La programación no existe',
  folderMissing: 'La carpeta seleccionada no existe',
  folderNotChosen: 'Seleccione la carpeta con el botón «Seleccionar carpeta»',
  running: 'La programación ya se está ejecutando'
} as const;

type Input = z.output<typeof ScheduleInput>;

/** The instant of the schedule's latest due run at or before `now` (its hour, local time; weekly on its weekday). */
export function lastDue(schedule: Pick<ReportSchedule, 'frequency' | 'weekday' | 'hour'>, now: number): DateTime {
  const local = DateTime.fromMillis(now);
  let due = local.set({ hour: schedule.hour, minute: 0, second: 0, millisecond: 0 });
  if (schedule.frequency === 'weekly' && schedule.weekday !== null) {
    due = due.minus({ days: (due.weekday - schedule.weekday + 7) % 7 });
  }
  if (due.toMillis() > now) due = due.minus({ days: schedule.frequency === 'weekly' ? 7 : 1 });
  return due;
}

/** The days a run due at `due` exports: the day before (daily), the seven days before (weekly). */
export function runRange(schedule: Pick<ReportSchedule, 'frequency'>, due: DateTime): { start: string; end: string } {
  const end = due.minus({ days: 1 });
  const start = schedule.frequency === 'weekly' ? due.minus({ days: 7 }) : end;
  return { start: start.toISODate() ?? '', end: end.toISODate() ?? '' };
}

/** The 'reports:*Schedule*' channels and the timer that runs what is due. */
export interface ReportSchedules {
  list(): Promise<IpcResult<ReportSchedule[]>>;
  save(arg: z.output<typeof SaveScheduleArg>): Promise<IpcResult<ReportSchedule>>;
  remove(id: string): Promise<IpcResult<null>>;
  runNow(id: string): Promise<IpcResult<ReportSchedule>>;
  chooseFolder(): Promise<IpcResult<{ path: string } | null>>;
  /** Runs every schedule of the signed-in owner whose latest due time has no run yet (catching up a missed one once). */
  check(): Promise<void>;
  dispose(): void;
}

export interface ReportSchedulesDeps {
  api: ApiClient;
  store: Pick<SessionStore, 'current'> & Partial<Pick<SessionStore, 'administering'>>;
  settings: Settings;
  saver: FileSaver;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}

/**
 * Scheduled exports: an administrator picks a report, its filter, CSV or Excel, daily or weekly at
 * an hour and a folder; while the app runs (and signed in as that administrator) the export is
 * written there, a run missed while the app was closed is made once at the next start, and each
 * schedule keeps its last result. Kept in the app's settings (electron-store), per machine and per
 * owner.
 *
 * The folder is the main process's to choose: the renderer may name only one the folder dialog
 * gave this administrator in this session ('reports:chooseFolder'), or the one the schedule already
 * has, so a compromised page cannot make the app write reports wherever it likes.
 */
export function createReportSchedules(deps: ReportSchedulesDeps): ReportSchedules {
  const active = new Set<string>();
  const picked = new Map<string, Set<string>>();
  migrateStored(deps.settings);

  function owner(): { email: string; role: number } | null {
    const tokens = deps.store.current();
    const claims = tokens ? decodeClaims(tokens.access) : null;
    return claims ? { email: claims.email, role: claims.role } : null;
  }
  const all = (): ReportSchedule[] => deps.settings.get('reportSchedules') ?? [];
  const mine = (email: string) => all().filter((s) => s.owner === email);
  function write(schedules: ReportSchedule[]): void {
    deps.settings.set('reportSchedules', schedules);
    const me = owner();
    deps.bus.emit('reports:schedules', me ? mine(me.email) : []);
  }
  function update(id: string, change: (s: ReportSchedule) => ReportSchedule): ReportSchedule | null {
    let changed: ReportSchedule | null = null;
    write(all().map((s) => (s.id === id ? (changed = change(s)) : s)));
    return changed;
  }
  const refuse = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });

  async function run(schedule: ReportSchedule, due: DateTime): Promise<ReportSchedule> {
    active.add(schedule.id);
    try {
      const query = { ...schedule.query, ...runRange(schedule, due) };
      const name = safeFileName(reportFileName(schedule.report, query as { start: string; end: string; attention?: string }, schedule.format));
      let outcome: { ok: boolean; rows: number; error?: string; path: string | null };
      try {
        const folder = await stat(schedule.folder);
        if (!folder.isDirectory()) throw new Error('not a folder');
        const target = uniquePath(schedule.folder, name);
        // A schedule is its owner's, whatever organisation the window administers meanwhile: no 'administering' here.
        const own = { ...deps, store: { current: () => deps.store.current() } };
        const request = { report: schedule.report, query, idOrg: schedule.idOrg ?? undefined, delimiter: schedule.delimiter, format: schedule.format };
        const result = await exportReport(own, request, target);
        outcome = { ...result, path: result.ok ? target : null };
      } catch {
        outcome = { ok: false, rows: 0, error: SCHEDULE_TEXT.folderMissing, path: null };
      }
      const lastRun = {
        at: new Date(deps.clock.now()).toISOString(),
        ok: outcome.ok,
        path: outcome.path,
        rows: outcome.ok ? outcome.rows : null,
        error: outcome.ok ? null : (outcome.error ?? MSG.reports.loadFailed)
      };
      if (!outcome.ok) deps.logger.warn(`Scheduled report ${schedule.report} failed: ${lastRun.error}`);
      const saved = update(schedule.id, (s) => ({ ...s, lastRun })) ?? { ...schedule, lastRun };
      if (lastRun.error !== null) reportFailure(schedule, lastRun.error);
      return saved;
    } finally {
      active.delete(schedule.id);
    }
  }

  /**
   * Issue 39: the platform hears of a failed run and notifies the administrator who scheduled it
   * (EXPORTACION_FALLIDA, by their own session: the owner is the one signed in). Not awaited by the
   * run; a report the platform did not take is logged, never shown to the user.
   */
  function reportFailure(schedule: ReportSchedule, error: string): void {
    const body = { report: REPORT_DOWNLOADS[schedule.report].label, error: error.slice(0, 500) };
    void deps.api
      .call(endpoints.reportScheduledExportFailed, { body })
      .then((result) => {
        if (!result.ok) deps.logger.warn(`Could not report the failed scheduled report ${schedule.report}: ${result.error.message}`);
      })
      .catch((failure: unknown) => deps.logger.warn(`Could not report the failed scheduled report ${schedule.report}`, failure));
  }

  async function check(): Promise<void> {
    const me = owner();
    if (!me) return;
    const now = deps.clock.now();
    for (const schedule of mine(me.email)) {
      if (active.has(schedule.id)) continue;
      const due = lastDue(schedule, now);
      const covered = Math.max(Date.parse(schedule.since), schedule.lastRun ? Date.parse(schedule.lastRun.at) : 0);
      if (due.toMillis() > covered) await run(schedule, due);
    }
  }

  const stopTimer = deps.clock.every(SCHEDULE_CHECK_MS, () => void check().catch((error: unknown) => deps.logger.error('Scheduled reports', error)));

  function fromInput(input: Input): Omit<ReportSchedule, 'id' | 'owner' | 'since' | 'lastRun'> {
    return {
      report: input.report,
      query: Object.fromEntries(Object.entries(input.query).filter(([key]) => key !== 'start' && key !== 'end')),
      frequency: input.frequency,
      weekday: input.frequency === 'weekly' ? input.weekday : null,
      hour: input.hour,
      folder: input.folder,
      // Made while administering an organisation ('Administrar entidad'): it exports that organisation.
      idOrg: input.idOrg ?? deps.store.administering?.()?.idOrg ?? null,
      format: input.format,
      delimiter: input.delimiter
    };
  }

  function pick(email: string, folder: string): void {
    const folders = picked.get(email) ?? new Set<string>();
    folders.delete(folder);
    folders.add(folder);
    for (const oldest of folders) {
      if (folders.size <= PICKS_KEPT) break;
      folders.delete(oldest);
    }
    picked.set(email, folders);
  }

  return {
    async list() {
      const me = owner();
      return { ok: true, data: me ? mine(me.email) : [] };
    },

    async save({ id, schedule }) {
      const me = owner();
      if (!me) return refuse(401, MSG.session.sessionExpired);
      if (!SCHEDULERS.has(me.role)) return refuse(403, SCHEDULE_TEXT.adminsOnly);
      const existing = id === undefined ? null : mine(me.email).find((s) => s.id === id);
      if (existing === undefined) return refuse(404, SCHEDULE_TEXT.notFound);
      if (schedule.folder !== existing?.folder && !picked.get(me.email)?.has(schedule.folder)) return refuse(400, SCHEDULE_TEXT.folderNotChosen);
      const folder = await stat(schedule.folder).catch(() => null);
      if (!folder?.isDirectory()) return refuse(400, SCHEDULE_TEXT.folderMissing);
      const since = new Date(deps.clock.now()).toISOString();
      let saved: ReportSchedule | null;
      if (existing === null) {
        saved = { id: randomUUID(), owner: me.email, since, lastRun: null, ...fromInput(schedule) };
        write([saved, ...all()]);
      } else {
        saved = update(existing.id, (s) => ({ ...s, ...fromInput(schedule), since }));
      }
      return saved ? { ok: true, data: saved } : refuse(404, SCHEDULE_TEXT.notFound);
    },

    async remove(id) {
      const me = owner();
      if (!me) return refuse(401, MSG.session.sessionExpired);
      if (!mine(me.email).some((s) => s.id === id)) return refuse(404, SCHEDULE_TEXT.notFound);
      write(all().filter((s) => s.id !== id));
      return { ok: true, data: null };
    },

    async runNow(id) {
      const me = owner();
      if (!me) return refuse(401, MSG.session.sessionExpired);
      const schedule = mine(me.email).find((s) => s.id === id);
      if (!schedule) return refuse(404, SCHEDULE_TEXT.notFound);
      if (active.has(id)) return refuse(409, SCHEDULE_TEXT.running);
      // Run now: the range is the one the run due now would export (the day or the week before today).
      const today = DateTime.fromMillis(deps.clock.now()).startOf('day');
      return { ok: true, data: await run(schedule, today) };
    },

    async chooseFolder() {
      const me = owner();
      if (!me) return refuse(401, MSG.session.sessionExpired);
      if (!SCHEDULERS.has(me.role)) return refuse(403, SCHEDULE_TEXT.adminsOnly);
      try {
        const path = await deps.saver.chooseFolder();
        if (path !== null) pick(me.email, path);
        return { ok: true, data: path === null ? null : { path } };
      } catch (error) {
        deps.logger.warn('No folder chooser', error instanceof Error ? error.message : error);
        return refuse(500, MSG.generic.serverError);
      }
    },

    check,

    dispose() {
      stopTimer();
    }
  };
}

/**
 * Schedules stored before a schedule chose its file (or its separator) are CSV ones with ';': the
 * schema's defaults read them so, and writing them back makes the stored settings say so too
 * (at each start; a no-op for schedules that already do).
 */
function migrateStored(settings: Settings): void {
  const stored = settings.get('reportSchedules');
  if (stored) settings.set('reportSchedules', stored);
}
