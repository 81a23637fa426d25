import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS, VaQuery } from './access';
import { SessionExpirationType, UpdateSessionExpiration } from '../domain/session-expiry';

const E = '/api/organization/{idOrg}/sessionExpiration';

/** SPEC §7 "Session expiry" (of the customer's web-chat session). */
export const sessionExpiryEndpoints = {
  sessionExpirationTypes: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${E}/getSessionExpirationType`,
    params: IdOrgParams,
    query: VaQuery,
    response: z.array(SessionExpirationType),
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Shape not shown in SPEC: the expiry types of the virtual agent (SPEC §3 idSessionExpirationType, clientMessage, closingTime in minutes), with their kind (ours): BOT for a conversation with the assistant, ASESOR for one with an agent.'
  }),
  updateSessionExpirationType: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${E}/updateSessionExpirationType`,
    params: IdOrgParams,
    body: UpdateSessionExpiration,
    response: SessionExpirationType,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body not shown in SPEC: idVa, idSessionExpirationType, clientMessage (CR LF stored as LF), closingTime (1–1440 minutes). Answers the stored type; the engine applies it from its next sweep.'
  })
} as const;
