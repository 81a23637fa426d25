import { createMainServices, type MainServices } from '../../../src/main/services';
import {
  createMemorySettings,
  createMemoryTokenVault,
  silentLogger,
  type ChatNotification,
  type FileSaver,
  type Notifier,
  type Settings,
  type TokenVault,
  type Tokens
} from '../../../src/main/services/ports';
import { ipcEvents, type IpcEventName, type IpcEventPayload } from '../../../src/shared/ipc';
import type { FakeAgentPlatform } from './fake-agent-platform';
import { accessToken, BASE, fakeClock, fakeFetch, json, refreshToken, T0, type FakeClock, type Recorded, type Route } from './fakes';

export const ACK_TIMEOUT = 15_000;
export const REPEAT = 30_000;

export function agentToken(id: string): string {
  return accessToken({ role: 5, sub: '5', email: 'asesor@demo.co', jti: id });
}

export function agentTokens(id = 'a1'): Tokens {
  return { access: agentToken(id), refresh: refreshToken(T0 + 86_400_000, `r-${id}`) };
}

export interface RecordingNotifier extends Notifier {
  shown: ChatNotification[];
  badges: number[];
  click(conversationId: string): void;
}

export function recordingNotifier(): RecordingNotifier {
  const listeners = new Set<(id: string) => void>();
  const notifier: RecordingNotifier = {
    shown: [],
    badges: [],
    notify: (n) => notifier.shown.push(n),
    setBadge: (count) => notifier.badges.push(count),
    onClick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    click: (id) => {
      for (const listener of listeners) listener(id);
    }
  };
  return notifier;
}

export interface AgentHarness {
  services: MainServices;
  settings: Settings;
  vault: TokenVault;
  clock: FakeClock;
  notifier: RecordingNotifier;
  calls: Recorded[];
  events: { [E in IpcEventName]: IpcEventPayload<E>[] };
  /** Events pushed to the renderer that its preload would drop (outside the contract): must stay empty. */
  invalidEvents: { event: IpcEventName; payload: unknown }[];
  badge(): number;
}

export interface AgentHarnessOptions {
  route?: Route;
  tokens?: Tokens | null;
  settings?: Settings;
  vault?: TokenVault;
  clock?: FakeClock;
  fileSaver?: FileSaver;
}

/** The real main-process services with the chat link pointed at `platform` (under a /ha/ prefix, as a real deployment may be). */
export async function agentHarness(platform: FakeAgentPlatform, options: AgentHarnessOptions = {}): Promise<AgentHarness> {
  const clock = options.clock ?? fakeClock();
  const tokens = options.tokens === undefined ? agentTokens() : options.tokens;
  if (tokens) platform.validTokens.add(tokens.access);
  const vault = options.vault ?? createMemoryTokenVault(tokens);
  const settings =
    options.settings ??
    createMemorySettings({
      serviceUrls: { virtualAgent: BASE, humanAgent: `${platform.url}/ha/`, notifications: BASE },
      lastLoginTime: tokens ? clock.now() : null
    });
  const notifier = recordingNotifier();
  const { fetch, calls } = fakeFetch(options.route ?? (() => json(404, { statusCode: 404, message: 'no' })));
  const services = await createMainServices({
    fetch,
    vault,
    settings,
    clock,
    logger: silentLogger,
    notifier,
    ...(options.fileSaver ? { fileSaver: options.fileSaver } : {}),
    chat: { random: () => 0, ackTimeoutMs: ACK_TIMEOUT, repeatMs: REPEAT, backoff: { baseMs: 1000, maxMs: 8000 } }
  });
  const events = { 'session:ended': [], 'chat:changed': [], 'chat:message': [], 'chat:focus': [], 'chat:alert': [], 'chat:typing': [], 'analytics:live': [], 'reports:progress': [], 'reports:schedules': [], 'design:changed': [], 'update:changed': [] } as AgentHarness['events'];
  const invalidEvents: AgentHarness['invalidEvents'] = [];
  for (const name of Object.keys(events) as IpcEventName[]) {
    services.bus.on(name, (payload) => {
      (events[name] as unknown[]).push(payload);
      if (!ipcEvents[name].safeParse(payload).success) invalidEvents.push({ event: name, payload });
    });
  }
  return { services, settings, vault, clock, notifier, calls, events, invalidEvents, badge: () => notifier.badges[notifier.badges.length - 1] ?? 0 };
}

/** Waits (on real I/O, never asserting on time) until `check` holds. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Settings pointing the chat link at `platform`, as a signed-in agent's would be. */
export function agentSettings(platform: FakeAgentPlatform, extra: Parameters<typeof createMemorySettings>[0] = {}): Settings {
  return createMemorySettings({
    serviceUrls: { virtualAgent: BASE, humanAgent: `${platform.url}/ha/`, notifications: BASE },
    lastLoginTime: T0,
    ...extra
  });
}
