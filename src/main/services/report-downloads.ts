import { randomUUID } from 'node:crypto';
import { endpoints } from '../../shared/api/catalogue';
import type { EndpointDef } from '../../shared/api/endpoint';
import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import {
  DEFAULT_CSV_DELIMITER,
  REPORT_DOWNLOADS,
  reportFileName,
  type CsvDelimiter,
  type DownloadProgress,
  type ReportDownloadId,
  type ReportFormat,
  type ReportPreferences
} from '../../shared/report-downloads';
import type { ApiClient } from './api-client';
import { createCatalogueGateway } from './catalogue-gateway';
import type { EventBus } from './event-bus';
import { safeFileName, streamToFile } from './file-download';
import { decodeClaims } from './jwt';
import type { Clock, FileSaver, Logger, Settings } from './ports';
import type { SessionStore } from './session-store';
import { parseSpanish } from './validation';
import { csvToXlsx } from './xlsx-export';

/** How often a running download tells the renderer how far it got. */
export const PROGRESS_EVERY_MS = 250;

/**
 * Counts the rows of a CSV stream as it passes: newlines outside quoted fields (a business-reasons
 * field holds ';\n' inside its quotes), less the header line.
 */
export function createCsvRowCounter(): { push(chunk: Uint8Array): void; rows(): number } {
  let lines = 0;
  let quoted = false;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) lines++;
      }
    },
    rows: () => Math.max(0, lines - 1)
  };
}

export interface ExportRequest {
  report: ReportDownloadId;
  query: Record<string, unknown>;
  idOrg?: number;
  /** The CSV's field separator (sent to the platform with the filter); ';' when absent. */
  delimiter?: CsvDelimiter;
  /** 'xlsx': the CSV is turned into a workbook on its way to disk (csv when absent). */
  format?: ReportFormat;
}

export interface ExportOutcome {
  ok: boolean;
  rows: number;
  bytes: number;
  error?: string;
  cancelled?: boolean;
}

/**
 * One export to `target`: the report's catalogue entry through the catalogue gateway (organisation
 * from the session, the filter validated with the entry's schema before anything is sent), the
 * answer streamed to a temporary file beside the target and renamed only when the whole file came.
 */
export async function exportReport(
  deps: { api: ApiClient; store: Pick<SessionStore, 'current'>; logger: Logger },
  request: ExportRequest,
  target: string,
  options: { signal?: AbortSignal; onProgress?: (rows: number, bytes: number) => void } = {}
): Promise<ExportOutcome> {
  const gateway = createCatalogueGateway({ api: deps.api, store: deps.store });
  const def = endpoints[REPORT_DOWNLOADS[request.report].endpoint] as EndpointDef;
  const xlsx = request.format === 'xlsx';
  // The workbook is made from the platform's RFC 4180 CSV; the separator is the CSV file's business.
  const query = { ...request.query, delimiter: xlsx ? ',' : (request.delimiter ?? DEFAULT_CSV_DELIMITER) };
  const answer = await gateway.call(def, { query, idOrg: request.idOrg });
  if (!answer.ok) return { ok: false, rows: 0, bytes: 0, error: answer.error.message };
  if (!(answer.data instanceof ReadableStream)) return { ok: false, rows: 0, bytes: 0, error: MSG.reports.loadFailed };
  const counter = createCsvRowCounter();
  let bytes = 0;
  let rows = 0;
  try {
    if (xlsx) {
      // The workbook's own rows and bytes on disk (not the CSV's it is made from: a workbook is smaller).
      const outcome = await csvToXlsx(answer.data as ReadableStream<Uint8Array>, target, {
        signal: options.signal,
        onProgress: (written, size) => {
          rows = written;
          bytes = size;
          options.onProgress?.(rows, bytes);
        }
      });
      return { ok: true, rows: outcome.rows, bytes: outcome.bytes };
    }
    await streamToFile(answer.data as ReadableStream<Uint8Array>, target, {
      signal: options.signal,
      onChunk: (chunk) => {
        counter.push(chunk);
        bytes += chunk.length;
        options.onProgress?.(counter.rows(), bytes);
      }
    });
    return { ok: true, rows: counter.rows(), bytes };
  } catch (error) {
    const written = xlsx ? rows : counter.rows();
    if (options.signal?.aborted) return { ok: false, rows: written, bytes, cancelled: true };
    deps.logger.warn(`Report ${request.report} to ${target} failed`, error instanceof Error ? error.message : error);
    return { ok: false, rows: written, bytes, error: MSG.reports.loadFailed };
  }
}

/** The 'reports:download', 'reports:cancel' and 'reports:showInFolder' channels. */
export interface ReportDownloads {
  download(request: ExportRequest): Promise<IpcResult<DownloadProgress | null>>;
  cancel(id: string): Promise<IpcResult<null>>;
  showInFolder(id: string): Promise<IpcResult<null>>;
  /** 'reports:preferences': the signed-in user's remembered separator (';' until they choose). */
  preferences(): Promise<IpcResult<ReportPreferences>>;
  /** Cancels every running download (sign-out, quit). */
  dispose(): void;
}

export interface ReportDownloadsDeps {
  api: ApiClient;
  store: Pick<SessionStore, 'current'>;
  /** Where each user's separator is remembered (electron-store through the settings port). */
  settings: Settings;
  saver: FileSaver;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}

export const DOWNLOAD_TEXT = {
  unknown: 'La descarga no existe',
  notFinished: 'La descarga aún no termina'
} as const;

/**
 * Downloads run in the main process: the save dialog offers the report's SPEC §9 name; the file is
 * streamed (never held whole) to a temporary file beside the target and renamed when complete;
 * 'reports:progress' tells the renderer the rows and bytes so far and how it ended; a cancel or a
 * failure leaves nothing behind; a finished file can be shown in its folder.
 */
export function createReportDownloads(deps: ReportDownloadsDeps): ReportDownloads {
  const running = new Map<string, AbortController>();
  const finished = new Map<string, string>();

  /** The signed-in user's e-mail, the key of their preferences (null when signed out). */
  function user(): string | null {
    const tokens = deps.store.current();
    return (tokens ? decodeClaims(tokens.access) : null)?.email ?? null;
  }
  function remembered(): ReportPreferences {
    const email = user();
    const saved = email ? deps.settings.get('reportPreferences')?.[email] : undefined;
    return saved ?? { delimiter: DEFAULT_CSV_DELIMITER };
  }
  function remember(delimiter: CsvDelimiter): void {
    const email = user();
    if (!email || remembered().delimiter === delimiter) return;
    deps.settings.set('reportPreferences', { ...(deps.settings.get('reportPreferences') ?? {}), [email]: { delimiter } });
  }

  return {
    async download(request) {
      // A bad filter is refused before the dialog opens, in the entry's own Spanish words.
      const def = endpoints[REPORT_DOWNLOADS[request.report].endpoint] as EndpointDef;
      const checked = def.query ? parseSpanish(def.query, request.query) : { ok: true as const };
      if (!checked.ok) return { ok: false, error: { status: 400, message: checked.message } };
      let target: string | null;
      try {
        target = await deps.saver.choosePath(
          safeFileName(reportFileName(request.report, request.query as { start?: string; end?: string; attention?: string }, request.format))
        );
      } catch (error) {
        deps.logger.warn('No place to save a report', error instanceof Error ? error.message : error);
        return { ok: false, error: { status: 500, message: MSG.reports.loadFailed } };
      }
      const delimiter = request.delimiter ?? remembered().delimiter;
      remember(delimiter);
      if (target === null) return { ok: true, data: null };
      const id = randomUUID();
      const controller = new AbortController();
      running.set(id, controller);
      const path = target;
      const base = { id, report: request.report, path };
      let last = 0;
      const progress: DownloadProgress = { ...base, state: 'running', rows: 0, bytes: 0 };
      deps.bus.emit('reports:progress', progress);

      void exportReport(deps, { ...request, delimiter }, path, {
        signal: controller.signal,
        onProgress: (rows, bytes) => {
          const now = deps.clock.now();
          if (now - last < PROGRESS_EVERY_MS) return;
          last = now;
          deps.bus.emit('reports:progress', { ...base, state: 'running', rows, bytes });
        }
      }).then((outcome) => {
        running.delete(id);
        if (outcome.ok) finished.set(id, path);
        const state = outcome.ok ? 'done' : outcome.cancelled ? 'cancelled' : 'failed';
        deps.bus.emit('reports:progress', { ...base, state, rows: outcome.rows, bytes: outcome.bytes, ...(outcome.error ? { error: outcome.error } : {}) });
      });
      return { ok: true, data: progress };
    },

    async cancel(id) {
      const controller = running.get(id);
      if (!controller) return { ok: false, error: { status: 404, message: DOWNLOAD_TEXT.unknown } };
      controller.abort();
      return { ok: true, data: null };
    },

    async preferences() {
      return { ok: true, data: remembered() };
    },

    async showInFolder(id) {
      const path = finished.get(id);
      if (!path) return { ok: false, error: { status: 404, message: running.has(id) ? DOWNLOAD_TEXT.notFinished : DOWNLOAD_TEXT.unknown } };
      deps.saver.showInFolder(path);
      return { ok: true, data: null };
    },

    dispose() {
      for (const controller of running.values()) controller.abort();
    }
  };
}
