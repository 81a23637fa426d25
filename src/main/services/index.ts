import { createAnalyticsService, type AnalyticsService } from './analytics.service';
import { createApiClient, type ApiClient } from './api-client';
import { createChatLink, type ChatLink } from './chat-link.service';
import { createChatService, type ChatService } from './chat.service';
import { createDesignService, type DesignService } from './design.service';
import { createErrorReportService, type ErrorReportService } from './error-report.service';
import { createEventBus, type EventBus } from './event-bus';
import { createMonitorLink, type MonitorLink } from './monitor-link';
import { createPlatformService, type PlatformService } from './platform.service';
import { createSilentNotifier, type Clipboard, type Clock, type Fetch, type FileSaver, type Logger, type Notifier, type ServiceUrls, type Settings, type TokenVault } from './ports';
import { createSessionService, type SessionService } from './session.service';
import { createSessionStore } from './session-store';
import { createReportDownloads, type ReportDownloads } from './report-downloads';
import { createReportSchedules, type ReportSchedules } from './report-schedules';
import { createSettingsService, type SettingsService } from './settings.service';
import { createUpdateService, type Updater, type UpdateService } from './update.service';
import { createDeskErrors, createDeskReporter, type DeskReporter, type DeskSystem } from './desk-report.service';
import { createWidgetHostService, type WidgetHostService } from './widget-host.service';

export interface MainServices {
  session: SessionService;
  platform: PlatformService;
  errors: ErrorReportService;
  chat: ChatService;
  analytics: AnalyticsService;
  /** The dashboard design the app wears: cached, fetched at sign-in, pushed on change. */
  design: DesignService;
  monitor: MonitorLink;
  settings: SettingsService;
  /** The widget editor's platform address and clipboard (issue 40). */
  widgetHost: WidgetHostService;
  downloads: ReportDownloads;
  schedules: ReportSchedules;
  /** The chat link itself, for the host: window visibility. */
  chatLink: ChatLink;
  /** The app's own updates from the platform's feed (issue 41), installed only as update-policy.ts allows. */
  updates: UpdateService;
  /** The desk's health reports (issue 41). */
  desk: DeskReporter;
  api: ApiClient;
  bus: EventBus;
  dispose(): void;
}

export interface MainServicesDeps {
  fetch: Fetch;
  vault: TokenVault;
  settings: Settings;
  clock: Clock;
  logger: Logger;
  /** Defaults to the serviceUrls setting. The desktop app falls back to the embedded platform. */
  serviceUrls?: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  /** Native notifications and the badge; none by default. */
  notifier?: Notifier;
  /** Where received chat files and chart images are saved; without one, saving a file answers an error. */
  fileSaver?: FileSaver;
  /** What the desk reports of its system (issue 41); none: no desk reports (the unit tests' harness). */
  system?: DeskSystem;
  /** The app's own updater (electron-updater in the desktop app); none: the app never updates itself (browser host, tests). */
  updater?: Updater;
  /** The system clipboard; without one, a text copied is only kept in memory (the browser host). */
  clipboard?: Clipboard;
  /** Chat link tuning, for tests: jitter source, ack timeout, notification repeat, reconnect backoff. */
  chat?: { random?: () => number; ackTimeoutMs?: number; repeatMs?: number; backoff?: { baseMs: number; maxMs: number } };
}

/** A host without a place to save files (none so far): saving answers an error rather than guessing a folder. */
const noFileSaver: FileSaver = {
  choosePath: () => Promise.reject(new Error('No file saver configured')),
  chooseFolder: () => Promise.reject(new Error('No file saver configured')),
  showInFolder: () => undefined
};

/** A host that sends no desk reports. */
const NO_DESK_REPORTS: DeskReporter = { report: () => Promise.resolve(), dispose: () => undefined };

/** A host that does not update itself. */
const NO_UPDATER: Updater = {
  enabled: false,
  check: () => Promise.resolve(),
  onDownloading: () => undefined,
  onDownloaded: () => undefined,
  setInstallOnQuit: () => undefined,
  installNow: () => undefined
};
/** A clipboard in memory: what a host without the system's (the browser host) copies stays here. */
function memoryClipboard(): Clipboard {
  const held = { text: '' };
  return {
    writeText: (text) => {
      held.text = text;
    }
  };
}

/** Wires the services over their ports; used by the Electron composition root and the browser host alike. */
export async function createMainServices(given: MainServicesDeps): Promise<MainServices> {
  // Every service logs through the desk's error keeper, so the main process's errors reach 'Salud de los puestos'.
  const errors = createDeskErrors(given.clock, given.logger);
  const deps: MainServicesDeps = { ...given, logger: errors.logger };
  const bus = createEventBus();
  const store = createSessionStore({ vault: deps.vault, settings: deps.settings, clock: deps.clock, bus });
  await store.load();
  const serviceUrls = deps.serviceUrls ?? (() => deps.settings.get('serviceUrls'));
  const api = createApiClient({ fetch: deps.fetch, store, logger: deps.logger, serviceUrls });
  const chatLink = createChatLink({
    store,
    api,
    settings: deps.settings,
    bus,
    clock: deps.clock,
    logger: deps.logger,
    notifier: deps.notifier ?? createSilentNotifier(),
    serviceUrls,
    ...deps.chat
  });
  // The supervisor's 'Volver' from 'Atender chats' asks the chat link whether he still holds chats.
  const session = createSessionService({ api, store, settings: deps.settings, clock: deps.clock, logger: deps.logger, openChats: () => chatLink.openChats() });
  await chatLink.init();
  const monitorLink = createMonitorLink({ store, api, bus, clock: deps.clock, logger: deps.logger, serviceUrls, random: deps.chat?.random, backoff: deps.chat?.backoff });
  monitorLink.init();
  const design = createDesignService({ api, store, settings: deps.settings, bus, fetch: deps.fetch, logger: deps.logger, serviceUrls, pushes: [chatLink, monitorLink] });
  const saver = deps.fileSaver ?? noFileSaver;
  const downloads = createReportDownloads({ api, store, settings: deps.settings, saver, bus, clock: deps.clock, logger: deps.logger });
  const schedules = createReportSchedules({ api, store, settings: deps.settings, saver, bus, clock: deps.clock, logger: deps.logger });
  void schedules.check().catch((error: unknown) => deps.logger.error('Scheduled reports', error));
  const updates = createUpdateService({
    updater: deps.updater ?? NO_UPDATER,
    desk: () => ({ heldChats: chatLink.openChats(), agentStatus: chatLink.active() ? (chatLink.state().agentStatus?.status ?? null) : null }),
    bus,
    clock: deps.clock,
    logger: deps.logger,
    serviceUrls
  });
  const desk = deps.system ? createDeskReporter({ api, store, settings: deps.settings, clock: deps.clock, logger: deps.logger, errors, system: deps.system, updates: () => updates }) : NO_DESK_REPORTS;
  return {
    session,
    platform: createPlatformService(api, store),
    errors: createErrorReportService(api, errors),
    chat: createChatService({ api, link: chatLink, saver: deps.fileSaver ?? noFileSaver, logger: deps.logger }),
    analytics: createAnalyticsService({ api, store, saver: deps.fileSaver ?? noFileSaver, logger: deps.logger }),
    design,
    monitor: monitorLink,
    settings: createSettingsService({ api, store }),
    widgetHost: createWidgetHostService({ serviceUrls, clipboard: deps.clipboard ?? memoryClipboard(), logger: deps.logger }),
    downloads,
    schedules,
    chatLink,
    updates,
    api,
    bus,
    desk,
    dispose: () => {
      desk.dispose();
      updates.dispose();
      design.dispose();
      schedules.dispose();
      downloads.dispose();
      monitorLink.dispose();
      chatLink.dispose();
      session.dispose();
    }
  };
}
