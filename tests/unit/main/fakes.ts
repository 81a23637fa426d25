import { createMainServices, type MainServices } from '../../../src/main/services';
import { createMemorySettings, createMemoryTokenVault, silentLogger, type Clock, type FileSaver, type ServiceUrls, type Settings, type TokenVault, type Tokens } from '../../../src/main/services/ports';
import type { IpcEventPayload } from '../../../src/shared/ipc';

export const BASE = 'http://platform.test';
export const URLS: ServiceUrls = { virtualAgent: BASE, humanAgent: `${BASE}/ha/`, notifications: BASE };
export const T0 = Date.UTC(2026, 0, 15, 13, 0, 0);

/** An unsigned JWT: the main process only decodes claims, it never verifies signatures. */
export function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

export function accessToken(overrides: Record<string, unknown> = {}): string {
  return jwt({ company: 100, email: 'admin@demo.co', nameCompany: 'Demo Contact Center', role: 3, sub: '7', exp: T0 / 1000 + 3600, ...overrides });
}

export function refreshToken(expMs: number, id = 'r1'): string {
  return jwt({ typ: 'refresh', sub: '7', jti: id, exp: Math.floor(expMs / 1000) });
}

export interface FakeClock extends Clock {
  /** Moves time forward, running every interval that falls due and letting its async work settle. */
  advance(ms: number): Promise<void>;
  set(ms: number): void;
}

export function fakeClock(start = T0): FakeClock {
  let now = start;
  let order = 0;
  /** ms 0: a one-shot timer (after), removed once it has run. */
  const timers = new Set<{ ms: number; next: number; seq: number; fn: () => void }>();
  const add = (ms: number, fn: () => void, repeat: boolean) => {
    const timer = { ms: repeat ? ms : 0, next: now + ms, seq: order++, fn };
    timers.add(timer);
    return () => {
      timers.delete(timer);
    };
  };
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    every: (ms, fn) => add(ms, fn, true),
    after: (ms, fn) => add(ms, fn, false),
    async advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= target).sort((a, b) => a.next - b.next || a.seq - b.seq)[0];
        if (!due) break;
        now = due.next;
        if (due.ms === 0) timers.delete(due);
        else due.next += due.ms;
        due.fn();
        await settle();
      }
      now = target;
    }
  };
}

/** Lets pending promise chains run (no wall-clock wait). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface Recorded {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export type Route = (req: Recorded) => Response | Promise<Response>;

/** A fetch that records every request and answers through `route`. */
export function fakeFetch(route: Route) {
  const calls: Recorded[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const req: Recorded = {
      method: init.method ?? 'GET',
      url: input,
      path: url.pathname,
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof Uint8Array ? init.body : undefined
    };
    calls.push(req);
    return route(req);
  };
  return { fetch, calls };
}

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export interface Harness {
  services: MainServices;
  vault: TokenVault;
  settings: Settings;
  clock: FakeClock;
  calls: Recorded[];
  ended: IpcEventPayload<'session:ended'>[];
}

/** Services over in-memory ports, optionally already signed in with `tokens` at `lastLoginTime`. */
export async function harness(route: Route, options: { tokens?: Tokens; lastLoginTime?: number; clock?: FakeClock; fileSaver?: FileSaver } = {}): Promise<Harness> {
  const clock = options.clock ?? fakeClock();
  const vault = createMemoryTokenVault(options.tokens ?? null);
  const settings = createMemorySettings({ serviceUrls: URLS, lastLoginTime: options.tokens ? (options.lastLoginTime ?? clock.now()) : null });
  const { fetch, calls } = fakeFetch(route);
  const services = await createMainServices({ fetch, vault, settings, clock, logger: silentLogger, ...(options.fileSaver ? { fileSaver: options.fileSaver } : {}) });
  const ended: IpcEventPayload<'session:ended'>[] = [];
  services.bus.on('session:ended', (payload) => ended.push(payload));
  return { services, vault, settings, clock, calls, ended };
}

export function signedIn(refreshExpMs = T0 + 86_400_000): Tokens {
  return { access: accessToken(), refresh: refreshToken(refreshExpMs) };
}
