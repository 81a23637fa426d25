import type { z } from 'zod';
import type { IpcResult } from '../../../shared/ipc';
import { MSG } from '../../../shared/messages';
import { settingsEndpoint, type SettingsBody, type SettingsCall, type SettingsParams, type SettingsQuery, type SettingsResponse } from '../../../shared/settings-calls';

export interface SettingsRequest<C extends SettingsCall> {
  query?: SettingsQuery<C>;
  params?: SettingsParams<C>;
  body?: SettingsBody<C>;
  /** Roles 1 and 2: the organisation they chose (the main process puts it where the entry names it); otherwise their own. */
  idOrg?: number | null;
}

/** The catalogue's response schema of a call, typed by the call. */
function responseSchema<C extends SettingsCall>(call: C): z.ZodType<SettingsResponse<C>> {
  // Each entry's `response` is the schema of its own answer; TS cannot follow that through the generic index.
  return settingsEndpoint(call).response as unknown as z.ZodType<SettingsResponse<C>>;
}

/**
 * One read or write of the settings through the main process ('settings:call'). The
 * answer crossed a process boundary, so it is validated again with the catalogue's schema, which
 * also types it.
 */
export async function callSettings<C extends SettingsCall>(call: C, request: SettingsRequest<C> = {}): Promise<IpcResult<SettingsResponse<C>>> {
  const { query, params, body, idOrg } = request;
  const result = await window.atiende.settings.call({
    call,
    ...(query ? { query: { ...query } } : {}),
    ...(params ? { params: { ...params } } : {}),
    ...(body === undefined ? {} : { body }),
    ...(idOrg ? { idOrg } : {})
  });
  if (!result.ok) return result;
  const parsed = responseSchema(call).safeParse(result.data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: { status: 502, message: MSG.generic.serverError } };
}

/** SPEC §5: a delete fails unless the platform confirms it (true, or { success: true }). */
export function confirmed(data: unknown): boolean {
  if (data === true) return true;
  return typeof data === 'object' && data !== null && 'success' in data && data.success === true;
}

/** The answer with its data changed (a list mapped to the rows a page shows). */
export function mapResult<T, U>(result: IpcResult<T>, map: (data: T) => U): IpcResult<U> {
  return result.ok ? { ok: true, data: map(result.data) } : result;
}
