import { z } from 'zod';
import { IdParam } from '../domain/common';

/**
 * Who may call what, from the menus of SPEC §2 (see src/shared/menus.ts):
 * - analytics of the virtual assistant, indicators and notifications: every analytics role (1–4);
 * - human-agent statistics: 1–4 and the human-agent supervisor (6);
 * - human-agent reports: 1, 3, 4 and 6 (role 2 has the reduced reports set without them);
 * - settings writes: 1 and 3; human-agent settings also 6; viewers (2, 4) never write;
 * - the chat console: the agent (5) and its supervisor (6).
 */
export const ANALYTICS_READERS = [1, 2, 3, 4] as const;
export const HUMAN_STATS_READERS = [1, 2, 3, 4, 6] as const;
export const HUMAN_REPORT_READERS = [1, 3, 4, 6] as const;
export const SETTINGS_EDITORS = [1, 3] as const;
export const HUMAN_SETTINGS_EDITORS = [1, 3, 6] as const;
/** Lists that fill the filter bar's options (splits, agents, reasons…): everyone who sees analytics. */
export const FILTER_LIST_READERS = [1, 2, 3, 4, 6] as const;
export const CHAT_CONSOLE = [5, 6] as const;
/** Chat-console data a settings editor also manages (templates, contacts, uploads, the queue). */
export const CHAT_AND_EDITORS = [1, 3, 5, 6] as const;

/** '/…/{idOrg}/…' */
export const IdOrgParams = z.object({ idOrg: IdParam });
/** '/…/{id}' where id is the organisation ('/company/{id}', '/bars/…/{id}'). */
export const OrgIdParams = z.object({ id: IdParam });
/** ?idVa, required. */
export const VaQuery = z.object({ idVa: IdParam });
export const ORG_PATH = { in: 'path', name: 'idOrg' } as const;
export const ORG_QUERY = { in: 'query', name: 'idOrg' } as const;
export const ORG_PATH_ID = { in: 'path', name: 'id' } as const;
