import { endpoints } from '../../shared/api/catalogue';
import type { ErrorReport, IpcResult } from '../../shared/ipc';
import type { ApiClient } from './api-client';
import { adviserId, decodeClaims } from './jwt';
import type { SessionStore } from './session-store';

export interface ErrorReportService {
  report(error: ErrorReport): Promise<IpcResult<null>>;
}

/**
 * SPEC §7 "Other": a render error is sent as 'errorBoundary' with its detail and application
 * 'Dashboard'. The adviser id is the signed-in user's, read here from the session's token (the
 * renderer never names it, so a report cannot be passed off as another user's); 0 with no session.
 */
export function createErrorReportService(api: ApiClient, store: Pick<SessionStore, 'current'>): ErrorReportService {
  return {
    async report({ name, detail, path }) {
      const tokens = store.current();
      const result = await api.call(endpoints.logErrorSocket, {
        body: {
          name: 'errorBoundary',
          detail: `${name}: ${detail}`.slice(0, 20000),
          ...(path === undefined ? {} : { path }),
          idadviser: adviserId(tokens ? decodeClaims(tokens.access) : null),
          application: 'Dashboard'
        }
      });
      return result.ok ? { ok: true, data: null } : result;
    }
  };
}
