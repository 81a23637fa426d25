import { randomUUID } from 'node:crypto';
import { platform, release } from 'node:os';
import { endpoints } from '../../shared/api/catalogue';
import { DESK_ERROR_MAX_CHARS, DESK_ERRORS_PER_REPORT, DESK_REPORT_INTERVAL_MS, type DeskReportBody } from '../../shared/domain/desks';
import type { ApiClient } from './api-client';
import type { Clock, Logger, Settings } from './ports';
import type { SessionStore } from './session-store';
import type { UpdateService } from './update.service';

/** What the desk says of its system (the Electron host reads it from app and os; tests fake it). */
export interface DeskSystem {
  appVersion: string;
  os: DeskReportBody['os'];
  osVersion: string;
  uptimeSeconds(): number;
  /** How many times the embedded platform was restarted since the app started (0 without one). */
  platformRestarts(): number;
}

/** Node's view of the system: the browser host and the tests (the desktop host names the app's own version). */
export function nodeDeskSystem(appVersion = '0.0.0', platformRestarts: () => number = () => 0): DeskSystem {
  const os = platform();
  return {
    appVersion,
    os: os === 'win32' || os === 'darwin' || os === 'linux' ? os : 'other',
    osVersion: release(),
    uptimeSeconds: () => process.uptime(),
    platformRestarts
  };
}

/** The errors of one source since the last report that was received, the newest DESK_ERRORS_PER_REPORT. */
export class ErrorRing {
  private items: { at: string; message: string }[] = [];
  constructor(private readonly clock: Clock) {}
  add(message: string): void {
    this.items.push({ at: new Date(this.clock.now()).toISOString(), message: message.split('\u0000').join('').slice(0, DESK_ERROR_MAX_CHARS) });
    if (this.items.length > DESK_ERRORS_PER_REPORT) this.items.shift();
  }
  take(): { at: string; message: string }[] {
    return [...this.items];
  }
  /** The ones a received report carried are gone; any logged since stay for the next. */
  drop(sent: number): void {
    this.items.splice(0, sent);
  }
}

/** The errors a desk keeps for its next report: the main process's (through its logger) and the renderer's. */
export interface DeskErrors {
  /** The main process's logger, keeping what it logs as an error. */
  logger: Logger;
  /** A render error the renderer reported (errors:report). */
  rendererError(message: string): void;
  readonly renderer: ErrorRing;
  readonly main: ErrorRing;
}

export function createDeskErrors(clock: Clock, logger: Logger): DeskErrors {
  const renderer = new ErrorRing(clock);
  const main = new ErrorRing(clock);
  return {
    renderer,
    main,
    rendererError: (message) => renderer.add(message),
    logger: {
      info: (message, detail) => logger.info(message, detail),
      warn: (message, detail) => logger.warn(message, detail),
      error(message, detail) {
        main.add(detail instanceof Error ? `${message}: ${detail.message}` : message);
        logger.error(message, detail);
      }
    }
  };
}

export interface DeskReporter {
  /** Sends a report now (at sign-in, then every DESK_REPORT_INTERVAL_MS); the tests await it. */
  report(): Promise<void>;
  dispose(): void;
}

export interface DeskReporterDeps {
  api: ApiClient;
  store: Pick<SessionStore, 'current' | 'onChange'>;
  settings: Settings;
  clock: Clock;
  logger: Logger;
  errors: DeskErrors;
  system: DeskSystem;
  updates: () => Pick<UpdateService, 'view'> | null;
}

/**
 * Issue 41: the desk's health, reported to the platform when a session starts and every few
 * minutes while one lasts — app version, system, uptime, update state, the renderer's and main
 * process's errors since the last report received, the embedded platform's restarts. Errors are
 * kept until a report carrying them is received, so a refused or failed report loses none.
 */
export function createDeskReporter(deps: DeskReporterDeps): DeskReporter {
  const { renderer, main } = deps.errors;
  const deskId = () => {
    const known = deps.settings.get('deskId');
    if (known) return known;
    const made = randomUUID();
    deps.settings.set('deskId', made);
    return made;
  };
  let sending: Promise<void> | null = null;
  const send = async () => {
    if (!deps.store.current()) return;
    const rendererErrors = renderer.take();
    const mainErrors = main.take();
    const update = deps.updates()?.view() ?? { phase: 'idle' as const, version: null };
    const body: DeskReportBody = {
      deskId: deskId(),
      appVersion: deps.system.appVersion,
      os: deps.system.os,
      osVersion: deps.system.osVersion,
      uptimeSeconds: Math.max(0, Math.floor(deps.system.uptimeSeconds())),
      update: { phase: update.phase, version: update.version },
      rendererErrors,
      mainErrors,
      platformRestarts: deps.system.platformRestarts()
    };
    const result = await deps.api.call(endpoints.reportDesk, { body });
    if (!result.ok) return deps.logger.warn(`Desk report not received: ${result.error.status} ${result.error.message}`);
    renderer.drop(rendererErrors.length);
    main.drop(mainErrors.length);
  };
  const report = () => (sending ??= send().finally(() => (sending = null)));
  const stops = [
    deps.store.onChange((change) => {
      if (change.kind === 'start') void report();
    }),
    deps.clock.every(DESK_REPORT_INTERVAL_MS, () => void report())
  ];
  return {
    report,
    dispose: () => stops.forEach((stop) => stop())
  };
}
