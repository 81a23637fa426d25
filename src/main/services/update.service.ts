import { UPDATE_TEXT, type UpdateView } from '../../shared/updates';
import type { IpcResult } from '../../shared/ipc';
import type { EventBus } from './event-bus';
import type { Clock, Logger, ServiceUrls } from './ports';
import { mayInstallNow, type DeskState } from './update-policy';

/** How often the app asks the feed for a newer version besides at start (issue 41: every few hours). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * The updater behind a port (src/main/adapters/updater.electron.ts: electron-updater's generic
 * provider on the platform's /updates/ feed, downloads through Electron's session). `enabled` is
 * false where the app must not update itself (not packaged; an MSI per machine, which IT updates).
 */
export interface Updater {
  readonly enabled: boolean;
  /** Checks `feedUrl` and downloads a newer version in the background. */
  check(feedUrl: string): Promise<void>;
  onDownloading(listener: (version: string) => void): void;
  onDownloaded(listener: (version: string) => void): void;
  /** Whether quitting installs a downloaded update (electron-updater's autoInstallOnAppQuit). */
  setInstallOnQuit(install: boolean): void;
  /** Quits, installs and starts the new version. */
  installNow(): void;
}

export interface UpdateService {
  view(): UpdateView;
  /** 'Instalar ahora': honoured only if the policy still allows it. */
  install(): IpcResult<null>;
  dispose(): void;
}

export interface UpdateServiceDeps {
  updater: Updater;
  desk: () => DeskState;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
}

/** The platform's feed: /updates/ on the origin the app already reaches (a proxy's allow-list needs nothing new). */
export function feedUrlOf(urls: ServiceUrls): string {
  return new URL('/updates/', urls.humanAgent).toString();
}

export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  let view: UpdateView = { phase: 'idle', version: null, canInstallNow: false };
  const publish = (next: UpdateView) => {
    if (next.phase === view.phase && next.version === view.version && next.canInstallNow === view.canInstallNow) return;
    view = next;
    deps.bus.emit('update:changed', view);
  };
  const offer = () => publish({ ...view, canInstallNow: view.phase === 'ready' && mayInstallNow(deps.desk()) });

  const check = async () => {
    const urls = await deps.serviceUrls();
    if (!urls) return;
    try {
      await deps.updater.check(feedUrlOf(urls));
    } catch (error) {
      deps.logger.warn('Update check failed', error);
    }
  };

  const stops: (() => void)[] = [];
  if (deps.updater.enabled) {
    deps.updater.setInstallOnQuit(true);
    deps.updater.onDownloading((version) => publish({ phase: 'downloading', version, canInstallNow: false }));
    deps.updater.onDownloaded((version) => publish({ phase: 'ready', version, canInstallNow: mayInstallNow(deps.desk()) }));
    stops.push(deps.bus.on('chat:changed', offer));
    void check();
    stops.push(deps.clock.every(UPDATE_CHECK_INTERVAL_MS, () => void check()));
  }

  return {
    view: () => view,
    install() {
      if (view.phase !== 'ready' || !mayInstallNow(deps.desk())) {
        offer();
        return { ok: false, error: { status: 409, message: UPDATE_TEXT.notNow } };
      }
      deps.updater.installNow();
      return { ok: true, data: null };
    },
    dispose: () => stops.forEach((stop) => stop())
  };
}
