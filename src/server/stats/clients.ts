import { sql } from 'drizzle-orm';
import { integrationLogSource, pageOrder } from '../reports/sources';
import { byName } from '../http/listing';
import { pageOf, pagedSql } from './common';
import { int, iso, numOrNull, str, strOrNull } from './rows';
import { integrationScope, isoText } from './scope';
import { labelsOf, toSeries } from './series';
import type { StatQueries } from './types';
import { channelGroups, seriesPoints } from './channels';
import { botTotalsSql, conversationSummarySql, customerEntriesSql, customerSummarySql } from './summaries';

type ClientKey = 'recurringClients' | 'consumerClientsStatistics' | 'maxCountEntries' | 'typeDocuments' | 'consumerIntegrations' | 'intentsQuantity' | 'netPromoterScore';

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Customer entries, integrations, intents and the net promoter score. */
export const clientStats: StatQueries<ClientKey> = {
  /** RU: % of the identified customers of the range who entered more than once in it (customerSummarySql). */
  recurringClients: {
    sql: customerSummarySql,
    shape: (rows) => ({ indicator: 'RU', value: numOrNull(rows[0] ?? {}, 'ru') })
  },

  /** Customer entries per time bucket and channel (customerEntriesSql). */
  consumerClientsStatistics: {
    sql: customerEntriesSql,
    perBucket: true,
    shape: (rows, _input, [labels = []]) => toSeries(labelsOf(labels), channelGroups(rows), seriesPoints(rows))
  },

  /** The most conversations one identified customer started in the range (customerSummarySql; 0 when none: never negative, SPEC §5). */
  maxCountEntries: {
    sql: customerSummarySql,
    shape: (rows) => ({ maxCountEntries: Math.max(0, int(rows[0] ?? { max_entries: 0 }, 'max_entries')) })
  },

  /** The document types the organisation's customers identified with (the idType filter's options), in Spanish order; not bound to the range. */
  typeDocuments: {
    sql: ({ idOrg }) => sql`select distinct cu.document_type from customers cu where cu.organization_id = ${idOrg}`,
    shape: (rows) =>
      rows
        .map((row) => str(row, 'document_type'))
        .sort((a, b) => collator.compare(a, b))
        .map((nameTypeDocument) => ({ nameTypeDocument }))
  },

  /**
   * The integration log of the range (the rows of its CSV, src/server/reports/sources.ts), newest
   * first unless asked, paged; totalFailed and totalSuccess count the calls of the range whatever
   * integrationStatus asks (idVa and integrationService do narrow them).
   */
  consumerIntegrations: {
    sql: (input) => {
      const { idOrg, range, query } = input;
      const log = integrationLogSource(input);
      return pagedSql(
        sql`from integration_calls i where ${integrationScope(idOrg, range, query, false)}`,
        sql`select i.id, ${isoText(sql`i.called_at`)} as called_at, i.service, i.status, i.conversation_id, i.duration_ms, i.detail
            ${log.source} order by ${pageOrder(log.keys, query.order)}`,
        query,
        sql`count(*) filter (where i.status = 'failed')::int as total_failed, count(*) filter (where i.status = 'success')::int as total_success,
            count(*) filter (where ${query.integrationStatus === undefined ? sql`true` : sql`i.status = ${query.integrationStatus}`})::int as total_result`
      );
    },
    shape: (rows, { query }) => {
      const { rows: page, paging } = pageOf(rows, query, 'id');
      const first = rows[0] ?? { total_failed: 0, total_success: 0 };
      return {
        integrationsResult: page.map((row) => ({
          id: int(row, 'id'),
          fecha: iso(row, 'called_at'),
          service: str(row, 'service'),
          status: str(row, 'status') === 'failed' ? ('failed' as const) : ('success' as const),
          idConv: strOrNull(row, 'conversation_id'),
          durationMs: Math.max(0, int(row, 'duration_ms')),
          detail: str(row, 'detail')
        })),
        totalFailed: int(first, 'total_failed'),
        totalSuccess: int(first, 'total_success'),
        ...paging
      };
    }
  },

  /**
   * The intents the organisation's assistants recognise (their response nodes; idVa narrows to one
   * assistant) with how many customer turns matched each in the range, most frequent first, then by
   * name. Intents never matched count 0: the list fills the intents filter (botTotalsSql).
   */
  intentsQuantity: {
    sql: (input) => botTotalsSql(input, { qualified: true }),
    shape: (rows) => {
      const quantity = new Map<number, number>();
      for (const row of rows) if (row.kind === 'turns' && row.node !== null) quantity.set(int(row, 'node'), (quantity.get(int(row, 'node')) ?? 0) + int(row, 'n'));
      const intents = rows
        .filter((row) => row.kind === 'node')
        .map((row) => ({ id: int(row, 'node'), name: str(row, 'intent'), quantity: quantity.get(int(row, 'node')) ?? 0 }));
      return byName(intents, (i) => i.name, (i) => i.id).sort((x, y) => y.quantity - x.quantity);
    }
  },

  /** NPS: % promoters (9–10) − % detractors (0–6) of the 0–10 scores of the range, -100..100 (conversationSummarySql). */
  netPromoterScore: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'NPS', value: numOrNull(rows[0] ?? {}, 'nps') })
  }
};
