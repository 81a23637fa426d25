import type { z } from 'zod';
import type { IpcContract, IpcData, IpcResult } from '../../shared/ipc';
import { settingsEndpoint } from '../../shared/settings-calls';
import type { ApiClient } from './api-client';
import { createCatalogueGateway } from './catalogue-gateway';
import type { SessionStore } from './session-store';

type Arg<C extends keyof IpcContract> = z.output<IpcContract[C]['arg']>;
type Result<C extends keyof IpcContract> = Promise<IpcResult<IpcData<C>>>;

/** The 'settings:*' IPC channels (src/shared/ipc.ts). */
export interface SettingsService {
  call(arg: Arg<'settings:call'>): Result<'settings:call'>;
}

export interface SettingsServiceDeps {
  api: ApiClient;
  store: Pick<SessionStore, 'current'>;
}

/**
 * The settings pages' reads and writes. Only the entries of SETTINGS_CALLS (the catalogue entries
 * flagged `ipc: ['settings']`) reach the platform (the contract's enum); the catalogue gateway takes the organisation from the session and
 * validates the query and the body with the entry's own schemas (Spanish messages) before anything
 * is sent, so a bad form never leaves the process; the platform checks the caller's role.
 */
export function createSettingsService({ api, store }: SettingsServiceDeps): SettingsService {
  const gateway = createCatalogueGateway({ api, store });
  return {
    call({ call, query, params, body, idOrg }) {
      return gateway.call(settingsEndpoint(call), { query, params, body, idOrg });
    }
  };
}
