import { sql, type SQL } from 'drizzle-orm';
import { pageOffset, pagingOf, type PageQuery } from '../../shared/domain/paged';
import { int, str, type Row } from './rows';

/**
 * The vocabulary of the human-agent statistics, one definition each (alias `c`, conversations):
 * - escalated chat: the assistant handed the conversation to a human (escalated_at set), whether
 *   it then entered a queue or ended at once (out of hours, no split);
 * - attended: an agent accepted the chat it holds or last held (accepted_at set; a transfer or a
 *   re-queue clears it, so a chat transferred and never taken in its new split is not attended);
 * - not attended: escalated and finished without an agent accepting it;
 * - pending: escalated, still waiting (EN_COLA) or offered to an agent (ASIGNADA): neither yet.
 */
export const ESCALATED = sql`c.escalated_at is not null`;
export const ATTENDED = sql`c.accepted_at is not null`;
export const NOT_ATTENDED = sql`(c.status = 'FINALIZADA' and c.accepted_at is null)`;

/** The state of an escalated chat as the lists show it. */
export const CHAT_STATE = sql`case
  when c.status = 'EN_COLA' then 'En cola'
  when c.status = 'ASIGNADA' then 'Asignado'
  when c.status = 'ACTIVA' then 'Activo'
  when c.status = 'FINALIZADA' and c.accepted_at is not null then 'Finalizado'
  when c.status = 'FINALIZADA' then 'No atendido'
  else 'Asistente virtual' end`;

/**
 * The name a person reads for an intent code: its response node's name ('medios_pago' → 'Medios
 * de pago'). Assistants of one organisation may share a code; the first name in order answers for
 * all; a code no node carries any more shows as it is.
 */
export function intentName(idOrg: number, intent: SQL): SQL {
  return sql`coalesce((select min(rn.node_name) from response_nodes rn join workspaces w on w.id = rn.workspace_id
    where w.organization_id = ${idOrg} and rn.intent = ${intent}), ${intent})`;
}

/** SPEC §3 "Reason statistics" from rows (name, n, total_row): Causales per name (names summed), Total. */
export function reasonStatistics(rows: readonly Row[]): { Causales: Record<string, number>; Total: number } {
  const causales: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    if (int(row, 'total_row') === 1) total = int(row, 'n');
    else {
      const name = str(row, 'name');
      causales[name] = (causales[name] ?? 0) + int(row, 'n');
    }
  }
  return { Causales: causales, Total: total };
}

/**
 * One statement for a page: the number of matching rows and the rows of the page. `counted` is the
 * FROM … WHERE the count runs on; `page` the SELECT … ORDER BY of the rows (without LIMIT). The
 * answer always has one row (page columns null when the page is empty).
 */
export function pagedSql(counted: SQL, page: SQL, paging: PageQuery, totals: SQL = sql`count(*)::int as total_result`): SQL {
  return sql`select t.*, p.* from (select ${totals} ${counted}) t
    left join lateral (${page} limit ${paging.size} offset ${pageOffset(paging)}) p on true`;
}

/** The page rows (those with a page column set) and the paging fields. */
export function pageOf(rows: readonly Row[], paging: PageQuery, key: string) {
  const first = rows[0];
  const total = first ? int(first, 'total_result') : 0;
  return { rows: rows.filter((row) => row[key] !== null && row[key] !== undefined), paging: pagingOf(paging, total) };
}
