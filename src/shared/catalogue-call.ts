/**
 * What the renderer may send for a catalogue entry that the main process calls on its behalf (the
 * analytics and settings gateways): the entry's query, path parameters and body as the entry's own
 * schemas take them, never the organisation (the main process fills it from the session).
 */
import type { z } from 'zod';
import { pathParamNames, type EndpointDef } from './api/endpoint';

type OrgName<D> = D extends { org: { name: infer N extends string } } ? N : never;
type QueryInput<D> = D extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type ParamsInput<D> = D extends { params: infer P extends z.ZodType } ? z.input<P> : never;
type BodyInput<D> = D extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The entry's query without the organisation; undefined for an entry without a query. */
export type CallQuery<D> = [QueryInput<D>] extends [never] ? undefined : Omit<QueryInput<D>, OrgName<D>>;
/** The path parameters the renderer names (never the organisation); undefined when there are none. */
export type CallParams<D> = [Exclude<keyof ParamsInput<D>, OrgName<D>>] extends [never] ? undefined : Omit<ParamsInput<D>, OrgName<D>>;
/** The entry's body as its schema takes it; undefined for an entry without a body. */
export type CallBody<D> = [BodyInput<D>] extends [never] ? undefined : BodyInput<D>;
/** The validated answer of an entry. */
export type CallResponse<D extends EndpointDef> = z.infer<Extract<D['response'], z.ZodType>>;

/** The path parameters of an entry that are not the organisation (the ones the renderer names). */
export function namedParams(def: EndpointDef): string[] {
  return pathParamNames(def.path).filter((name) => !(def.org?.in === 'path' && def.org.name === name));
}
