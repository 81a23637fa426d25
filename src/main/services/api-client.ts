import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import { fillPath, type EndpointDef, type ResponseOf, type Service } from '../../shared/api/endpoint';
import { ErrorBody } from '../../shared/domain/common';
import type { IpcError, IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { adviserId, decodeClaims } from './jwt';
import type { Fetch, Logger, ServiceUrls, Tokens } from './ports';
import type { SessionStore } from './session-store';
import { parseSpanish } from './validation';

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What a caller passes for an entry. Path parameters may be partial: the organisation is filled in (SPEC §6). */
export interface CallInput<D extends EndpointDef> {
  params?: Partial<InputOf<D['params']>>;
  query?: InputOf<D['query']>;
  body?: InputOf<D['body']>;
  /**
   * The body's bytes as they are, for an entry without a body schema whose body is a file (the
   * Watson import): sent as application/json without being parsed or serialised again.
   */
  raw?: Uint8Array;
}

export interface ApiClient {
  /** Calls a catalogue entry. Never throws: failures come back as `{ ok: false, error }` with Spanish text. */
  call<D extends EndpointDef>(def: D, input?: CallInput<D>): Promise<IpcResult<ResponseOf<D>>>;
  /**
   * The single-flight refresh, for a caller outside HTTP (the chat link's socket) whose access token
   * `usedToken` was refused: shares the refresh in flight, or answers the newer token at once. A
   * rejected refresh ends the session as every other 401 path does.
   */
  renewSession(usedToken: string): Promise<Renewal>;
  /** Resolves once the error reports started so far have been delivered or given up. */
  settled(): Promise<void>;
}

export type Renewal = { ok: true; token: string } | { ok: false; error: IpcError };

export interface ApiClientDeps {
  fetch: Fetch;
  store: SessionStore;
  /** The three bases; null while none is known (the embedded platform still starting, or failed). */
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  logger: Logger;
  timeoutMs?: number;
  /** For 'binary' and 'csv' answers the timeout covers reading the whole stream: longer. */
  streamTimeoutMs?: number;
}

type RawInput = { params?: unknown; query?: unknown; body?: unknown; raw?: Uint8Array };
type Outcome = { result: IpcResult<unknown>; sentPath: string | null };
type Prepared = { ok: true; path: string; query: string; body: string | Uint8Array | undefined } | { ok: false; error: IpcError };

/** The error-log call itself is never refreshed for nor reported, so reporting cannot recurse. */
const REPORT_ENDPOINT: EndpointDef = endpoints.logErrorSocket;

const fail = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });
const networkError = (): IpcResult<never> => fail(0, MSG.generic.networkError);
const sessionExpired = (): IpcResult<never> => fail(401, MSG.session.sessionExpired);
const badResponse = (): IpcResult<never> => fail(502, MSG.generic.serverError);

/**
 * The HTTP client of the main process, driven by the endpoint catalogue (DESIGN.md §3): bearer token,
 * the organisation rule of SPEC §6, request and response validation, the error mapping of SPEC §8,
 * the single-flight refresh on 401 with the waiting calls replayed, and error reporting.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const { store, logger } = deps;
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const streamTimeoutMs = deps.streamTimeoutMs ?? 10 * 60_000;
  const reports = new Set<Promise<void>>();
  let refreshing: Promise<Renewal> | null = null;

  async function baseUrl(service: Service): Promise<string | null> {
    try {
      const urls = await deps.serviceUrls();
      return urls ? urls[service].replace(/\/+$/, '') : null;
    } catch (error) {
      logger.warn('No platform address available', error);
      return null;
    }
  }

  async function send(def: EndpointDef, url: string, body: string | Uint8Array | undefined, token: string | null): Promise<Response | null> {
    const { method } = def;
    const streamed = typeof def.response === 'string';
    const headers: Record<string, string> = { accept: streamed ? '*/*' : 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(url, { method, headers, body, signal: AbortSignal.timeout(streamed ? streamTimeoutMs : timeoutMs) });
    } catch (error) {
      logger.warn(`${method} ${url} failed`, error instanceof Error ? error.message : error);
      return null;
    }
  }

  async function execute(def: EndpointDef, input: RawInput): Promise<Outcome> {
    const authenticated = def.access !== 'public';
    if (authenticated && !(await store.checkValidity())) return { result: sessionExpired(), sentPath: null };
    const tokens = authenticated ? store.current() : null;
    if (authenticated && !tokens) return { result: sessionExpired(), sentPath: null };

    const request = prepare(def, input, tokens);
    if (!request.ok) return { result: request, sentPath: null };
    const base = await baseUrl(def.service);
    if (!base) return { result: networkError(), sentPath: null };
    const url = base + request.path + request.query;

    let response = await send(def, url, request.body, tokens?.access ?? null);
    if (!response) return { result: networkError(), sentPath: request.path };
    if (response.status === 401 && tokens && def !== REPORT_ENDPOINT) {
      const renewed = await renew(tokens.access);
      if (!renewed.ok) return { result: renewed, sentPath: null };
      response = await send(def, url, request.body, renewed.token);
      if (!response) return { result: networkError(), sentPath: request.path };
      if (response.status === 401) return { result: sessionExpired(), sentPath: null };
    }
    return { result: await interpret(def, response), sentPath: request.path };
  }

  /**
   * One refresh for every call that got a 401 with the same access token. The comparisons are
   * synchronous so a call that reads its 401 after the refresh finished replays at once instead of
   * presenting the already-rotated refresh token again (which would revoke the whole family).
   */
  function renew(usedToken: string): Promise<Renewal> {
    if (refreshing) return refreshing;
    const current = store.current();
    if (!current) return Promise.resolve({ ok: false, error: { status: 401, message: MSG.session.sessionExpired } });
    if (current.access !== usedToken) return Promise.resolve({ ok: true, token: current.access });
    refreshing = refresh(current).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refresh(current: Tokens): Promise<Renewal> {
    const { result } = await execute(endpoints.refreshSession, { body: { refreshToken: current.refresh } });
    // A sign-out or a new sign-in while the refresh was in flight wins over its outcome.
    const now = store.current();
    if (now !== current) return now ? { ok: true, token: now.access } : { ok: false, error: { status: 401, message: MSG.session.sessionExpired } };
    if (result.ok) {
      const data = endpoints.refreshSession.response.parse(result.data);
      await store.replace({ access: data.token, refresh: data.refreshToken });
      return { ok: true, token: data.token };
    }
    // An unreachable or failing platform, or one throttling this address (429), says nothing about the session: keep it, the next call tries again.
    if (result.error.status === 0 || result.error.status === 429 || result.error.status >= 500) return { ok: false, error: result.error };
    logger.info(`Session refresh rejected (${result.error.status}); signing out`);
    await store.end('refresh-failed');
    return { ok: false, error: { status: 401, message: MSG.session.sessionExpired } };
  }

  async function interpret(def: EndpointDef, response: Response): Promise<IpcResult<unknown>> {
    if (!response.ok) return { ok: false, error: await httpError(response) };
    if (typeof def.response === 'string') return response.body ? { ok: true, data: response.body } : badResponse();
    let json: unknown;
    try {
      const text = await response.text();
      json = text === '' ? null : JSON.parse(text);
    } catch {
      logger.warn(`${def.method} ${def.path} answered something that is not JSON`);
      return badResponse();
    }
    const parsed = def.response.safeParse(json);
    if (!parsed.success) {
      logger.warn(`${def.method} ${def.path} answered a shape the catalogue does not allow`, parsed.error.issues.slice(0, 5));
      return badResponse();
    }
    return { ok: true, data: parsed.data };
  }

  function report(def: EndpointDef, path: string, error: IpcError): void {
    const tokens = store.current();
    const claims = tokens ? decodeClaims(tokens.access) : null;
    // A session that must change its password first may not report either (the platform answers it 403).
    if (!claims || claims.mustChangePassword) return;
    const failed = `${def.method} ${path}`.slice(0, 200);
    const sending = execute(endpoints.logErrorSocket, {
      params: { idOrg: claims.company },
      body: { name: failed, detail: `${error.status} ${error.message}`, path: path.slice(0, 2000), idadviser: adviserId(claims), application: 'Dashboard' }
    })
      .then(({ result }) => {
        if (!result.ok) logger.warn(`Error report for ${failed} not delivered (${result.error.status})`);
      })
      .catch((cause: unknown) => logger.warn('Error report failed', cause))
      .finally(() => {
        reports.delete(sending);
      });
    reports.add(sending);
  }

  return {
    async call<D extends EndpointDef>(def: D, input: CallInput<D> = {}): Promise<IpcResult<ResponseOf<D>>> {
      const { result, sentPath } = await execute(def, input);
      if (!result.ok && sentPath !== null && result.error.status !== 401 && def !== REPORT_ENDPOINT) {
        report(def, sentPath, result.error);
      }
      // `interpret` validated the data with this entry's own response schema.
      return result as IpcResult<ResponseOf<D>>;
    },
    renewSession: (usedToken) => renew(usedToken),
    async settled() {
      while (reports.size > 0) await Promise.all([...reports]);
    }
  };
}

/** Fills the organisation (SPEC §6) where the entry names one and the caller passed none: the user's company. */
function withOrg(def: EndpointDef, where: 'path' | 'query' | 'body', value: unknown, company: number | null): unknown {
  if (!def.org || def.org.in !== where || company === null) return value;
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) return value;
  const current: Record<string, unknown> = { ...(value ?? {}) };
  const given = current[def.org.name];
  if (given !== undefined && given !== null && given !== '') return value;
  current[def.org.name] = company;
  return current;
}

function prepare(def: EndpointDef, input: RawInput, tokens: Tokens | null): Prepared {
  const company = tokens ? (decodeClaims(tokens.access)?.company ?? null) : null;
  const invalid = (message: string): Prepared => ({ ok: false, error: { status: 400, message } });

  let params: Record<string, unknown> | undefined;
  if (def.params) {
    const parsed = parseSpanish(def.params, withOrg(def, 'path', input.params, company) ?? {});
    if (!parsed.ok) return invalid(parsed.message);
    params = isRecord(parsed.data) ? parsed.data : undefined;
  }
  let path: string;
  try {
    path = fillPath(def.path, params);
  } catch {
    return invalid(MSG.generic.invalidInput);
  }

  let query = '';
  if (def.query) {
    const parsed = parseSpanish(def.query, withOrg(def, 'query', input.query, company) ?? {});
    if (!parsed.ok) return invalid(parsed.message);
    query = queryString(parsed.data);
  }

  let body: string | Uint8Array | undefined;
  if (def.body) {
    const parsed = parseSpanish(def.body, withOrg(def, 'body', input.body, company));
    if (!parsed.ok) return invalid(parsed.message);
    body = JSON.stringify(parsed.data);
  } else if (input.raw) {
    body = input.raw;
  }
  return { ok: true, path, query, body };
}

/** Query values: arrays comma-separated, dates as ISO text, absent values left out. */
export function queryString(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.map(String).join(',') : value instanceof Date ? value.toISOString() : String(value);
    search.append(key, text);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function httpError(response: Response): Promise<IpcError> {
  const { status } = response;
  if (status === 403) return { status, message: MSG.generic.unauthorized };
  if (status >= 500) return { status, message: MSG.generic.serverError };
  let message: string | null = null;
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(await response.text()));
    if (parsed.success && parsed.data.message.trim()) message = parsed.data.message;
  } catch {
    message = null;
  }
  return { status, message: message ?? (status === 404 ? MSG.generic.notFound : MSG.generic.invalidInput) };
}
