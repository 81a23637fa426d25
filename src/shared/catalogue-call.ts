/**
 * What the renderer may send for a catalogue entry that the main process calls on its behalf (the
 * analytics and settings gateways): the entry's query, path parameters and body as the entry's own
 * schemas take them, never the organisation (the main process fills it from the session).
 */
import type { z } from 'zod';
import { endpoints, type EndpointName, type Endpoints } from './api/catalogue';
import { pathParamNames, type EndpointDef, type IpcArea } from './api/endpoint';

type OrgName<D> = D extends { org: { name: infer N extends string } } ? N : never;
type QueryInput<D> = D extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type ParamsInput<D> = D extends { params: infer P extends z.ZodType } ? z.input<P> : never;
type BodyInput<D> = D extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The entry's query without the organisation; undefined for an entry without a query. */
export type CallQuery<D> = [QueryInput<D>] extends [never] ? undefined : Omit<QueryInput<D>, OrgName<D>>;
/** The path parameters the renderer names (never the organisation); undefined when there are none. */
export type CallParams<D> = [Exclude<keyof ParamsInput<D>, OrgName<D>>] extends [never] ? undefined : Omit<ParamsInput<D>, OrgName<D>>;
/** The organisation's field when the entry takes it in its body (createUser's company). */
type BodyOrgName<D> = D extends { org: { in: 'body'; name: infer N extends string } } ? N : never;
/** The entry's body as its schema takes it, without the organisation; undefined for an entry without a body. */
export type CallBody<D> = [BodyInput<D>] extends [never] ? undefined : [BodyOrgName<D>] extends [never] ? BodyInput<D> : Omit<BodyInput<D>, BodyOrgName<D>>;
/** The validated answer of an entry. */
export type CallResponse<D extends EndpointDef> = z.infer<Extract<D['response'], z.ZodType>>;

/** The path parameters of an entry that are not the organisation (the ones the renderer names). */
export function namedParams(def: EndpointDef): string[] {
  return pathParamNames(def.path).filter((name) => !(def.org?.in === 'path' && def.org.name === name));
}

/** The names of the catalogue entries flagged `ipc: [..., area, ...]`. */
export type IpcCallOf<A extends IpcArea> = {
  [N in EndpointName]: Endpoints[N] extends { ipc: readonly (infer F)[] } ? (A extends F ? N : never) : never;
}[EndpointName];

/**
 * The allow-list of one IPC channel, read from the catalogue's `ipc` flags (in catalogue order):
 * flagging an entry is the one step that lets a page call it.
 */
export function ipcCalls<A extends IpcArea>(area: A): readonly [IpcCallOf<A>, ...IpcCallOf<A>[]] {
  const flagged = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
    const def: EndpointDef = endpoints[name];
    return def.ipc?.includes(area) ?? false;
  });
  if (flagged.length === 0) throw new Error(`No catalogue entry is flagged for '${area}'`);
  // The filter above is exactly the type's condition; TS cannot narrow a filtered key list to it.
  return flagged as unknown as readonly [IpcCallOf<A>, ...IpcCallOf<A>[]];
}
