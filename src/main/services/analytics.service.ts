import type { z } from 'zod';
import { analyticsEndpoint } from '../../shared/analytics-calls';
import { CHART_PNG_MAX_BYTES } from '../../shared/constants';
import type { IpcContract, IpcData, IpcError, IpcResult } from '../../shared/ipc';
import type { ApiClient } from './api-client';
import { createCatalogueGateway, GATEWAY_TEXT } from './catalogue-gateway';
import { safeFileName, streamToFile } from './file-download';
import type { FileSaver, Logger } from './ports';
import type { SessionStore } from './session-store';

type Arg<C extends keyof IpcContract> = z.output<IpcContract[C]['arg']>;
type Result<C extends keyof IpcContract> = Promise<IpcResult<IpcData<C>>>;

/** The 'analytics:*' IPC channels (src/shared/ipc.ts). */
export interface AnalyticsService {
  query(arg: Arg<'analytics:query'>): Result<'analytics:query'>;
  savePng(arg: Arg<'analytics:savePng'>): Result<'analytics:savePng'>;
}

export interface AnalyticsServiceDeps {
  api: ApiClient;
  store: Pick<SessionStore, 'current'>;
  saver: FileSaver;
  logger: Logger;
}

/** Texts of this service (ours: SPEC §8 does not word them). */
export const ANALYTICS_TEXT = {
  orgFromSession: GATEWAY_TEXT.orgFromSession,
  unexpectedParam: GATEWAY_TEXT.unexpectedParam,
  notPng: 'La imagen no es un PNG válido',
  pngTooLarge: 'La imagen supera el tamaño permitido',
  saveFailed: 'No fue posible guardar la imagen'
} as const;

const fail = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The PNG bytes of a data URL, or the reason it is not one: strict base64, the PNG signature, an
 * IHDR first chunk and the IEND trailer (a whole image, not a fragment), at most CHART_PNG_MAX_BYTES.
 */
export function decodePngDataUrl(dataUrl: string): { ok: true; bytes: Buffer } | { ok: false; error: IpcError } {
  const comma = dataUrl.indexOf(',');
  const head = dataUrl.slice(0, comma + 1);
  const body = dataUrl.slice(comma + 1);
  if (comma < 0 || head !== 'data:image/png;base64,' || !BASE64.test(body)) return { ok: false, error: { status: 400, message: ANALYTICS_TEXT.notPng } };
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > CHART_PNG_MAX_BYTES) return { ok: false, error: { status: 400, message: ANALYTICS_TEXT.pngTooLarge } };
  const whole =
    bytes.length >= PNG_SIGNATURE.length + 25 + PNG_END.length &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR' &&
    bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END);
  return whole ? { ok: true, bytes } : { ok: false, error: { status: 400, message: ANALYTICS_TEXT.notPng } };
}

/** The name offered in the save dialog: safe on every OS, ending in .png. It is a title, not a path: slashes stay as dashes. */
export function pngFileName(suggested: string): string {
  const base = safeFileName(suggested.replace(/\.png$/i, '').replace(/[/\\]/g, '-'));
  return `${base}.png`;
}

/**
 * The analytics pages' calls. Only the entries of ANALYTICS_CALLS reach the platform (the contract's
 * enum); the catalogue gateway takes the organisation from the session — or, for the platform-wide
 * roles 1 and 2 only, the one they chose (SPEC §6) — and validates the query with the entry's own
 * schema before anything is sent; the api-client validates the answer against the catalogue.
 */
export function createAnalyticsService({ api, store, saver, logger }: AnalyticsServiceDeps): AnalyticsService {
  const gateway = createCatalogueGateway({ api, store });
  return {
    query({ call, query, params, idOrg }) {
      return gateway.call(analyticsEndpoint(call), { query, params, idOrg });
    },

    async savePng({ suggestedName, dataUrl }) {
      const png = decodePngDataUrl(dataUrl);
      if (!png.ok) return { ok: false, error: png.error };
      let target: string | null;
      try {
        target = await saver.choosePath(pngFileName(suggestedName));
      } catch (error) {
        logger.warn('No place to save a chart image', error instanceof Error ? error.message : error);
        return fail(500, ANALYTICS_TEXT.saveFailed);
      }
      if (target === null) return { ok: true, data: null };
      try {
        await streamToFile(new Blob([new Uint8Array(png.bytes)]).stream(), target);
      } catch (error) {
        logger.warn(`Could not save a chart image to ${target}`, error instanceof Error ? error.message : error);
        return fail(500, ANALYTICS_TEXT.saveFailed);
      }
      return { ok: true, data: { path: target } };
    }
  };
}
