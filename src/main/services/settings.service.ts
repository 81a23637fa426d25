import type { z } from 'zod';
import type { IpcContract, IpcData, IpcResult } from '../../shared/ipc';
import { endpoints } from '../../shared/api/catalogue';
import { WATSON_IMPORT_MAX_BYTES, WATSON_TOO_LARGE_TEXT } from '../../shared/domain/watson-import';
import { settingsEndpoint } from '../../shared/settings-calls';
import type { ApiClient } from './api-client';
import { createCatalogueGateway } from './catalogue-gateway';
import type { SessionStore } from './session-store';

type Arg<C extends keyof IpcContract> = z.output<IpcContract[C]['arg']>;
type Result<C extends keyof IpcContract> = Promise<IpcResult<IpcData<C>>>;

/** The 'settings:*' IPC channels (src/shared/ipc.ts). */
export interface SettingsService {
  call(arg: Arg<'settings:call'>): Result<'settings:call'>;
  /** A Watson export's dry run or import: its bytes sent as they are to the workspace's import. */
  importWatson(arg: Arg<'settings:importWatson'>): Result<'settings:importWatson'>;
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
    },
    async importWatson({ workspaceId, dryRun, data, idOrg }) {
      const bytes = Buffer.from(data, 'base64');
      if (bytes.byteLength > WATSON_IMPORT_MAX_BYTES) return { ok: false, error: { status: 413, message: WATSON_TOO_LARGE_TEXT } };
      const result = await gateway.call(endpoints.importWatsonExport, { params: { id: workspaceId }, query: { dryRun }, raw: new Uint8Array(bytes), idOrg });
      // The api-client validated the answer with the entry's response schema.
      return result as IpcResult<IpcData<'settings:importWatson'>>;
    }
  };
}
