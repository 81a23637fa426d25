import type { z } from 'zod';
import type { IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { settingsEndpoint, type SettingsBody, type SettingsCall, type SettingsParams, type SettingsQuery, type SettingsResponse } from '../../../../shared/settings-calls';

export interface SettingsRequest<C extends SettingsCall> {
  query?: SettingsQuery<C>;
  params?: SettingsParams<C>;
  body?: SettingsBody<C>;
}

/** The catalogue's response schema of a call, typed by the call. */
function responseSchema<C extends SettingsCall>(call: C): z.ZodType<SettingsResponse<C>> {
  // Each entry's `response` is the schema of its own answer; TS cannot follow that through the generic index.
  return settingsEndpoint(call).response as unknown as z.ZodType<SettingsResponse<C>>;
}

/**
 * One read or write of the human-agent settings through the main process ('settings:call'). The
 * answer crossed a process boundary, so it is validated again with the catalogue's schema, which
 * also types it.
 */
export async function callSettings<C extends SettingsCall>(call: C, request: SettingsRequest<C> = {}): Promise<IpcResult<SettingsResponse<C>>> {
  const { query, params, body } = request;
  const result = await window.atiende.settings.call({
    call,
    ...(query ? { query: { ...query } } : {}),
    ...(params ? { params: { ...params } } : {}),
    ...(body === undefined ? {} : { body })
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
