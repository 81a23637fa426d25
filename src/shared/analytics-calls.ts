/**
 * The catalogue entries the analytics pages call through the 'analytics:query' IPC channel: the
 * statistics and indicators of SPEC §7, and the lists that fill their filter bars — the entries
 * flagged `ipc: ['analytics']`. The main process refuses any other call, fills the organisation from
 * the session and validates the query with the entry's own schema; the renderer validates the answer
 * with the entry's response schema.
 */
import { z } from 'zod';
import { endpoints, type Endpoints } from './api/catalogue';
import { ipcCalls, namedParams, type IpcCallOf } from './catalogue-call';
import { PositiveInt } from './domain/fields';

/** Every entry flagged `ipc: ['analytics', …]` in src/shared/api (tests/unit/ipc-allow-lists.test.ts pins the set). */
export const ANALYTICS_CALLS = ipcCalls('analytics');

export type AnalyticsCall = IpcCallOf<'analytics'>;

export function isAnalyticsCall(value: unknown): value is AnalyticsCall {
  return typeof value === 'string' && (ANALYTICS_CALLS as readonly string[]).includes(value);
}

type Def<C extends AnalyticsCall> = Endpoints[C];
type OrgName<D> = D extends { org: { name: infer N extends string } } ? N : never;
type QueryInput<D> = D extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type ParamsInput<D> = D extends { params: infer P extends z.ZodType } ? z.input<P> : never;

/** What the renderer may send as the query of a call: the entry's query without the organisation. */
export type AnalyticsQuery<C extends AnalyticsCall> = [QueryInput<Def<C>>] extends [never] ? undefined : Omit<QueryInput<Def<C>>, OrgName<Def<C>>>;
/** The path parameters the renderer names (never the organisation), for the few calls that have any. */
export type AnalyticsParams<C extends AnalyticsCall> = [Exclude<keyof ParamsInput<Def<C>>, OrgName<Def<C>>>] extends [never]
  ? undefined
  : Omit<ParamsInput<Def<C>>, OrgName<Def<C>>>;
/** The validated answer of a call. */
export type AnalyticsResponse<C extends AnalyticsCall> = z.infer<Extract<Def<C>['response'], z.ZodType>>;

export function analyticsEndpoint<C extends AnalyticsCall>(call: C): Def<C> {
  return endpoints[call];
}

/** The path parameters of a call that are not the organisation (src/shared/catalogue-call.ts). */
export { namedParams };

const Fields = z.record(z.string().max(40), z.unknown());

/**
 * 'analytics:query': which call, its query and its non-organisation path parameters. idOrg is for
 * the platform-wide roles only (1 and 2 choose the organisation through the filter, SPEC §6); the
 * main process refuses it from anyone else and otherwise uses the session's organisation.
 */
export const AnalyticsQueryArg = z.strictObject({
  call: z.enum(ANALYTICS_CALLS, { message: 'La consulta de analítica solicitada no existe' }),
  query: Fields.optional(),
  params: Fields.optional(),
  idOrg: PositiveInt.optional()
});
export type AnalyticsQueryArg = z.input<typeof AnalyticsQueryArg>;
