import type { z } from 'zod';
import { analyticsEndpoint, type AnalyticsCall, type AnalyticsParams, type AnalyticsQuery, type AnalyticsResponse } from '../../../shared/analytics-calls';
import type { IpcResult } from '../../../shared/ipc';
import { MSG } from '../../../shared/messages';

export interface AnalyticsRequest<C extends AnalyticsCall> {
  query?: AnalyticsQuery<C>;
  params?: AnalyticsParams<C>;
  /** Roles 1 and 2: the organisation chosen in the filter (null or absent: their own). */
  idOrg?: number | null;
}

/** The catalogue's response schema of a call, typed by the call. */
function responseSchema<C extends AnalyticsCall>(call: C): z.ZodType<AnalyticsResponse<C>> {
  // Each entry's `response` is the schema of its own answer; TS cannot follow that through the generic index.
  return analyticsEndpoint(call).response as unknown as z.ZodType<AnalyticsResponse<C>>;
}

/**
 * One statistics call through the main process ('analytics:query'). The answer crossed a process
 * boundary, so it is validated again with the catalogue's schema, which also types it.
 */
export async function queryAnalytics<C extends AnalyticsCall>(call: C, request: AnalyticsRequest<C> = {}): Promise<IpcResult<AnalyticsResponse<C>>> {
  const { query, params, idOrg } = request;
  const result = await window.atiende.analytics.query({
    call,
    ...(query ? { query: { ...query } } : {}),
    ...(params ? { params: { ...params } } : {}),
    ...(idOrg ? { idOrg } : {})
  });
  if (!result.ok) return result;
  const parsed = responseSchema(call).safeParse(result.data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: { status: 502, message: MSG.generic.serverError } };
}
