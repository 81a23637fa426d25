import { createApiClient, type ApiClient } from './api-client';
import { createErrorReportService, type ErrorReportService } from './error-report.service';
import { createEventBus, type EventBus } from './event-bus';
import { createPlatformService, type PlatformService } from './platform.service';
import type { Clock, Fetch, Logger, ServiceUrls, Settings, TokenVault } from './ports';
import { createSessionService, type SessionService } from './session.service';
import { createSessionStore } from './session-store';

export interface MainServices {
  session: SessionService;
  platform: PlatformService;
  errors: ErrorReportService;
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
}

/** Wires the services over their ports; used by the Electron composition root and the browser host alike. */
export async function createMainServices(deps: MainServicesDeps): Promise<MainServices> {
  const bus = createEventBus();
  const store = createSessionStore({ vault: deps.vault, settings: deps.settings, clock: deps.clock, bus });
  await store.load();
  const api = createApiClient({
    fetch: deps.fetch,
    store,
    logger: deps.logger,
    serviceUrls: deps.serviceUrls ?? (() => deps.settings.get('serviceUrls'))
  });
  const session = createSessionService({ api, store, settings: deps.settings, clock: deps.clock, logger: deps.logger });
  return {
    session,
    platform: createPlatformService(api),
    errors: createErrorReportService(api),
    api,
    bus,
    dispose: () => session.dispose()
  };
}
