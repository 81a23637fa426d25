/**
 * The statistics calls each analytics page fires when it opens with its default filter (the
 * useAnalyticsQuery calls of src/renderer/features/analytics/*Page.tsx, without the lists that fill
 * the filter bar). The bench times every call and every page as a whole; tests/unit/bench-pages.test.ts
 * checks this list against the pages' sources so the two cannot drift apart.
 */
import type { AnalyticsPageId } from '../../src/shared/analytics-pages';
import type { AnalyticsCall } from '../../src/shared/analytics-calls';
import { comparisonWindows, windowQuery } from '../../src/shared/comparison-windows';

export interface PageCall {
  key: AnalyticsCall;
  /** Besides the date range, which every call gets. */
  query: Record<string, string>;
}

const calls = (...keys: AnalyticsCall[]): PageCall[] => keys.map((key) => ({ key, query: {} }));

export const PAGE_CALLS: Record<AnalyticsPageId, PageCall[]> = {
  attentionIndicators: calls('tmo', 'fcr', 'tmAsignacion', 'tmAtencionAH', 'tmAtencionAV', 'attendedChatsShare', 'notAttendedChatsShare', 'missingBotResponse', 'abandonmentLevel'),
  experienceIndicators: calls('satisfaction', 'recurringClients', 'netPromoterScore', 'averageInteraction', 'maxCountEntries', 'consumerClientsStatistics'),
  conversationsByChannel: calls('conversationsLine', 'interactionTotals'),
  intents: calls('intentsBars', 'intentsUnified'),
  ratings: calls('ratingsLine', 'intentRatingsBars'),
  integrations: calls('consumerIntegrations'),
  humanChats: calls('attendedChatsLine', 'attendedChatsShare', 'notAttendedChatsShare'),
  chatsPerAgent: calls('agentChatsBars'),
  chatStates: calls('chatStatusCounts'),
  agentStates: calls('agentConnectionStates'),
  averageTime: calls('agentAverageTimeBars'),
  typings: calls('humanAgentTypingStatistics', 'businessCausalStatistics', 'finalCausalStatistics', 'automaticTransferStatistics'),
  escalatedChats: calls('scaledChatsBars', 'escalatedChats'),
  notifications: calls('notificationsByStatus', 'eventsByTypeEventRole')
};

/**
 * The calls the home page (/analitica, src/renderer/features/home/HomePage.tsx) fires when it
 * opens: each tile's statistic for today so far and for the same hours of last week's same weekday
 * (comparison.ts, the filter's `until`), the live queue and the agents' states. Also checked
 * against the page's source by tests/unit/bench-pages.test.ts.
 */
export const HOME_TILE_CALLS = ['interactionTotals', 'attendedChatsShare', 'abandonmentLevel', 'tmo', 'tmAsignacion', 'satisfaction', 'netPromoterScore'] as const satisfies readonly AnalyticsCall[];
export const HOME_NOW_CALLS = ['liveQueue', 'agentConnectionStates'] as const satisfies readonly AnalyticsCall[];

/** The home page's calls at `now`, each with its whole query (the tiles' windows come from the page's own comparisonWindows). */
export function homeCalls(now: Date): { key: AnalyticsCall; query: Record<string, string> }[] {
  const windows = comparisonWindows(now);
  return [
    ...HOME_TILE_CALLS.flatMap((key) => [windows.today, windows.lastWeek].map((w) => ({ key, query: windowQuery(w) }))),
    ...HOME_NOW_CALLS.map((key) => ({ key, query: {} }))
  ];
}
