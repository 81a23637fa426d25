import { z } from 'zod';
import { ReportPreferences, ReportSchedule } from '../../shared/report-downloads';
import { DesignView } from '../../shared/ipc';

/**
 * The ports the main-process services depend on. Electron implementations live in src/main/adapters;
 * the in-memory ones below serve the tests and the browser host (which keeps tokens in Node memory).
 */

/** The access and refresh tokens of the signed-in user (SPEC §9 keys access_token, refreshToken). */
export const Tokens = z.object({ access: z.string().min(1), refresh: z.string().min(1) });
export type Tokens = z.infer<typeof Tokens>;

export interface TokenVault {
  get(): Promise<Tokens | null>;
  set(tokens: Tokens): Promise<void>;
  clear(): Promise<void>;
}

/** The dashboard design last worn, for the organisation it belongs to (design.service.ts). */
export const CachedDesign = DesignView.omit({ logoError: true }).extend({ idOrg: z.number().int().positive() });
export type CachedDesign = z.infer<typeof CachedDesign>;

/** The three service bases of SPEC §7. */
export const ServiceUrls = z.object({
  virtualAgent: z.url({ protocol: /^https?$/ }),
  humanAgent: z.url({ protocol: /^https?$/ }),
  notifications: z.url({ protocol: /^https?$/ })
});
export type ServiceUrls = z.infer<typeof ServiceUrls>;

/** SPEC §4: received Activo is stored as CONECTADO, Pausa as PAUSA, anything else as DESCONECTADO. */
export const AgentStatus = z.enum(['CONECTADO', 'PAUSA', 'DESCONECTADO']);
export type AgentStatus = z.infer<typeof AgentStatus>;

/** What the settings file holds; each value is validated when read, so a hand-edited file cannot smuggle bad data in. */
export const SettingsShape = z.object({
  /** null: no platform configured, the app runs the embedded one. */
  serviceUrls: ServiceUrls.nullable(),
  /** Epoch ms of the last sign-in; the session counts for 24 h from it. */
  lastLoginTime: z.number().int().nonnegative().nullable(),
  agentStatus: AgentStatus.nullable(),
  pauseEventId: z.number().int().positive().nullable(),
  /** The administrator's scheduled exports (report-schedules.ts). */
  reportSchedules: z.array(ReportSchedule).nullable(),
  /** Each user's download preferences (the CSV separator), by e-mail: a preference, nothing secret. */
  reportPreferences: z.record(z.string().max(320), ReportPreferences).nullable(),
  /** The last dashboard design the app wore, its logo and font file (SPEC §4: cached locally), so the next start wears it before the platform answers. */
  dashboardDesign: CachedDesign.nullable(),
  /** This install's desk id (issue 41: 'Salud de los puestos'), random, made on the first report. */
  deskId: z.uuid().nullable()
});
export type SettingsData = z.infer<typeof SettingsShape>;
export type SettingKey = keyof SettingsData;

export const SETTINGS_DEFAULTS: SettingsData = {
  serviceUrls: null,
  lastLoginTime: null,
  agentStatus: null,
  pauseEventId: null,
  reportSchedules: null,
  reportPreferences: null,
  dashboardDesign: null,
  deskId: null
};

export interface Settings {
  get<K extends SettingKey>(key: K): SettingsData[K];
  set<K extends SettingKey>(key: K, value: SettingsData[K]): void;
}

/** Time, injected so tests never wait on the wall clock. */
export interface Clock {
  now(): number;
  /** Runs `fn` every `ms`; returns the function that stops it. */
  every(ms: number, fn: () => void): () => void;
  /** Runs `fn` once after `ms`; returns the function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** A desktop notification about one conversation (DESIGN §3): clicking it shows that chat. */
export interface ChatNotification {
  title: string;
  body: string;
  conversationId: string;
}

/** Native notifications, the unread badge, and the clicks on notifications. */
export interface Notifier {
  notify(notification: ChatNotification): void;
  /** Unseen incoming chats plus unread messages; 0 clears the badge. */
  setBadge(count: number): void;
  /** Called with the conversation of a clicked notification (the window is already shown); returns the unsubscribe. */
  onClick(listener: (conversationId: string) => void): () => void;
}

/** A notifier that shows nothing: hosts without notifications, and the default in tests. */
export function createSilentNotifier(): Notifier {
  return { notify: () => {}, setBadge: () => {}, onClick: () => () => {} };
}

/** The system clipboard (Electron's), or the browser host's stand-in. */
export interface Clipboard {
  writeText(text: string): void;
}

/** Where a downloaded file goes: the Electron dialogs, or the browser host's downloads folder. */
export interface FileSaver {
  /** An absolute path for a file the user wants to save as `name` (already a safe base name); null when cancelled. */
  choosePath(name: string): Promise<string | null>;
  /** A folder the user picks (scheduled exports write there); null when cancelled. */
  chooseFolder(): Promise<string | null>;
  /** Shows a saved file in its folder ('Abrir carpeta'). */
  showInFolder(path: string): void;
}

export function createMemoryTokenVault(initial: Tokens | null = null): TokenVault {
  let tokens = initial;
  return {
    get: async () => tokens,
    set: async (next) => {
      tokens = { ...next };
    },
    clear: async () => {
      tokens = null;
    }
  };
}

export function createMemorySettings(initial: Partial<SettingsData> = {}): Settings {
  const data: SettingsData = { ...SETTINGS_DEFAULTS, ...initial };
  return {
    get: (key) => data[key],
    set: (key, value) => {
      SettingsShape.shape[key].parse(value);
      data[key] = value;
    }
  };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    // A background check must not keep a Node process (tests, the browser host) alive by itself.
    timer.unref();
    return () => clearInterval(timer);
  },
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  }
};

export function consoleLogger(scope: string): Logger {
  const line = (message: string) => `[${scope}] ${message}`;
  return {
    info: (message, detail) => (detail === undefined ? console.info(line(message)) : console.info(line(message), detail)),
    warn: (message, detail) => (detail === undefined ? console.warn(line(message)) : console.warn(line(message), detail)),
    error: (message, detail) => (detail === undefined ? console.error(line(message)) : console.error(line(message), detail))
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
