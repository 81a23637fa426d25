import { endpoints } from '../../shared/api/catalogue';
import type { ErrorReport, IpcResult } from '../../shared/ipc';
import type { ApiClient } from './api-client';
import type { DeskErrors } from './desk-report.service';

export interface ErrorReportService {
  report(error: ErrorReport): Promise<IpcResult<null>>;
}

/**
 * SPEC §7 "Other": a render error is sent as 'errorBoundary' with its detail, idadviser 0 and
 * application 'Dashboard' — 0 as SPEC says (the platform knows the caller from the session's token;
 * the failed-call reports of api-client.ts carry the adviser id).
 */
export function createErrorReportService(api: ApiClient, desk?: Pick<DeskErrors, 'rendererError'>): ErrorReportService {
  return {
    async report({ name, detail, path }) {
      desk?.rendererError(`${name}: ${detail}`);
      const result = await api.call(endpoints.logErrorSocket, {
        body: {
          name: 'errorBoundary',
          detail: `${name}: ${detail}`.slice(0, 20000),
          ...(path === undefined ? {} : { path }),
          idadviser: 0,
          application: 'Dashboard'
        }
      });
      return result.ok ? { ok: true, data: null } : result;
    }
  };
}
