import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Endpoints } from '../../shared/api/catalogue';
import type { ParamsOf, QueryOf } from '../../shared/api/endpoint';
import type { Row } from './rows';
import type { DayRange } from './scope';

/** The catalogue entries served from SQL statistics (src/server/stats). */
export const STAT_KEYS = [
  // attention (statistics.ts)
  'businessCausalStatistics',
  'finalCausalStatistics',
  'humanAgentTypingStatistics',
  'attendedChatsShare',
  'notAttendedChatsShare',
  'abandonmentLevel',
  'chatStatusCounts',
  'escalatedChats',
  'escalatedChatMessages',
  'automaticTransferStatistics',
  // interactions (interactions.ts)
  'fcr',
  'tmAsignacion',
  'tmAtencionAH',
  'tmAtencionAV',
  'tmo',
  'missingBotResponse',
  'satisfaction',
  'intentsUnified',
  'humanAgentChats',
  'humanAgentNotAttended',
  'interactionTotals',
  'averageInteraction',
  // customers, integrations, intents, experience (clients.ts)
  'recurringClients',
  'consumerClientsStatistics',
  'maxCountEntries',
  'typeDocuments',
  'consumerIntegrations',
  'intentsQuantity',
  'netPromoterScore',
  // lines and bars (charts.ts)
  'attendedChatsLine',
  'conversationsLine',
  'ratingsLine',
  'scaledChatsBars',
  'agentAverageTimeBars',
  'agentChatsBars',
  'intentRatingsBars',
  'intentsBars',
  // notifications (notifications.ts)
  'notificationsByStatus',
  'eventsByTypeEventRole',
  // the paged reports (src/server/reports/paged.ts)
  'accessLog',
  'conversationsReport',
  'causalReport',
  'agentConnectionHistory',
  'notificationLog',
  'conversationInteractions'
] as const satisfies readonly (keyof Endpoints)[];

export type StatKey = (typeof STAT_KEYS)[number];

/** What a statistics query reads: the organisation, the parsed query and path, the filter's day range. */
export interface StatInput<K extends StatKey> {
  idOrg: number;
  query: QueryOf<Endpoints[K]>;
  params: ParamsOf<Endpoints[K]>;
  range: DayRange;
  /** The platform's clock when the call came (an open stretch of the connection history lasts until now). */
  now: Date;
}

type ResponseInput<K extends StatKey> = Endpoints[K]['response'] extends z.ZodType ? z.input<Endpoints[K]['response']> : never;

/**
 * One statistic: its SQL statement over the data (a few read two: then `shape` gets the rows of
 * the others in `more`), and how the rows become the catalogue's answer. Several statistics share
 * one statement (summaries.ts): concurrent calls that need the same statement run it once.
 */
export interface StatQuery<K extends StatKey> {
  sql(input: StatInput<K>): SQL | readonly SQL[];
  /**
   * A series: every statement's rows are rows of time buckets of the range, so the rows of a range
   * are, in order, those of its bucket-aligned slices (series.ts, bucketSlices) and the statistic is
   * read a slice at a time (run.ts). The runner adds the range's bucket labels (bucketLabelsSql, one
   * statement over the whole range) as the last of `more`.
   */
  perBucket?: true;
  shape(rows: Row[], input: StatInput<K>, more: readonly Row[][]): ResponseInput<K>;
}

export type StatQueries<K extends StatKey> = { [P in K]: StatQuery<P> };
