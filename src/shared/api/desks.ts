import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH } from './access';
import { DESK_REPORT_MAX_BYTES, DeskHealthList, DeskReportBody } from '../domain/desks';

/** Issue 41: 'Salud de los puestos' — what each desktop reports of itself, and the list of an organisation's desks. */
export const deskEndpoints = {
  reportDesk: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/desks/report',
    body: DeskReportBody,
    response: z.object({ received: z.literal(true) }),
    access: 'any',
    maxBodyBytes: DESK_REPORT_MAX_BYTES,
    note: "Path not shown in SPEC (ours, issue 41): the desktop app's main process reports its desk (a random id it keeps) when it connects and every few minutes — app version, system, uptime, update state, the errors since its last report, the embedded platform's restarts — under the caller's organisation and user (from the token). At most one report per desk every 30 s (429), a body over 64 KB answers 413; errors are kept 30 days."
  }),
  desks: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/organization/{idOrg}/desks',
    params: IdOrgParams,
    response: DeskHealthList,
    access: [1, 3, 6],
    org: ORG_PATH,
    note: "Path not shown in SPEC (ours, issue 41): every desk of the organisation with its user, version, system, last report, errors in the last 24 h, update state, and whether it is silent (no report for DESK_SILENT_MINUTES while its agent is Conectado or Pausa); and how many desks run each version. Newest report first."
  })
} as const;
