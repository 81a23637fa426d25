import { z } from 'zod';
import { LoginBody, TokenClaims, UpdatePasswordBody } from './domain/session';
import { ChannelTypesMap, Organization, VirtualAgent } from './domain/organization';
import { EndMessage } from './domain/end-message';

/**
 * The IPC contract between renderer and main process: channel → argument schema and result schema.
 * Channels are `domain:verb`. The preload exposes exactly one method per channel as
 * `window.atiende.<domain>.<verb>(arg)`; the browser host exposes the same over a WebSocket.
 * Every handler validates its argument with `arg` before anything else runs.
 * Results cross the boundary as `IpcResult`: errors are data, never thrown across processes.
 */

/** What the renderer may know about the session: the token's claims, never the tokens. */
export const SessionView = z.object({
  authenticated: z.literal(true),
  user: TokenClaims.omit({ exp: true }),
  /** When the refresh token expires (epoch ms), for display only. */
  refreshExpiresAt: z.number().int(),
  lastLoginTime: z.number().int()
});
export type SessionView = z.infer<typeof SessionView>;

export const ErrorReport = z.object({
  name: z.string().max(200),
  detail: z.string().max(20000),
  path: z.string().max(2000).optional()
});
export type ErrorReport = z.infer<typeof ErrorReport>;

const none = z.undefined();

export const ipcContract = {
  'session:get': { arg: none, result: SessionView.nullable() },
  'session:login': { arg: LoginBody, result: SessionView },
  'session:logout': { arg: none, result: z.null() },
  'session:activity': { arg: none, result: z.null() },
  'session:checkPasswordExpiry': { arg: none, result: z.object({ changePassword: z.boolean() }) },
  'session:changePassword': { arg: UpdatePasswordBody, result: z.object({ message: z.string() }) },
  'platform:channels': { arg: none, result: ChannelTypesMap },
  'platform:organizations': { arg: none, result: z.array(Organization) },
  'platform:virtualAgents': { arg: z.object({ idOrg: z.number().int().positive().optional() }), result: z.array(VirtualAgent) },
  /** The human agent's message configuration: the end-of-conversation client messages (SPEC §6). */
  'platform:endMessages': { arg: none, result: z.array(EndMessage) },
  'errors:report': { arg: ErrorReport, result: z.null() }
} as const;

export type IpcContract = typeof ipcContract;
export type IpcChannel = keyof IpcContract;
export type IpcArg<C extends IpcChannel> = z.input<IpcContract[C]['arg']>;
export type IpcData<C extends IpcChannel> = z.infer<IpcContract[C]['result']>;

/** An error as the renderer sees it: the HTTP-ish status and the Spanish text to show. */
export const IpcError = z.object({ status: z.number().int(), message: z.string(), locked: z.boolean().optional() });
export type IpcError = z.infer<typeof IpcError>;

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Events the main process pushes to the renderer. */
export const ipcEvents = {
  /** The session ended (logout elsewhere, refresh failure, expiry): the renderer goes to '/'. */
  'session:ended': z.object({ reason: z.enum(['logout', 'expired', 'refresh-failed']) })
} as const;
export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEventName> = z.infer<(typeof ipcEvents)[E]>;

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
type ChannelsOf<D extends string> = Extract<IpcChannel, `${D}:${string}`>;
type Invoker<C extends IpcChannel> = IpcArg<C> extends undefined
  ? () => Promise<IpcResult<IpcData<C>>>
  : (arg: IpcArg<C>) => Promise<IpcResult<IpcData<C>>>;

/** `window.atiende`: one method per channel, grouped by domain, plus event subscription. */
export type AtiendeApi = {
  [D in DomainOf<IpcChannel>]: { [C in ChannelsOf<D> as VerbOf<C>]: Invoker<C> };
} & {
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
};

export function splitChannel(channel: IpcChannel): { domain: string; verb: string } {
  const [domain, verb] = channel.split(':') as [string, string];
  return { domain, verb };
}
