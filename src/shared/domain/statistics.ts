import { z } from 'zod';
import { INDICATOR_IDS } from '../constants';
import { Count } from './fields';

/**
 * Statistics answers. SPEC §7 shows no response shapes beyond the entities of SPEC §3; the chart
 * calls answer a labelled series set (one label per bucket or per agent, one dataset per line/bar
 * group) that the chart wrapper draws as is.
 */
export const ChartSeries = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ label: z.string(), data: z.array(z.number()) }))
});
export type ChartSeries = z.infer<typeof ChartSeries>;

/**
 * One indicator tile (SPEC §9 ids). value is null when there is no data in the range (the tile
 * shows '--'); durations are seconds, percentages 0..100, NPS -100..100.
 */
export const IndicatorResult = z.object({ indicator: z.enum(INDICATOR_IDS), value: z.number().nullable() });
export type IndicatorResult = z.infer<typeof IndicatorResult>;

/** Average time per interaction in seconds (null without data). */
export const AverageInteraction = z.object({ averageInteraction: z.number().nullable() });

/** Total conversations in the range, and per channel label. */
export const InteractionTotals = z.object({ total: Count, byChannel: z.record(z.string(), Count) });

/** SPEC §3 "Intent". */
export const Intent = z.object({ id: z.number().int(), name: z.string(), quantity: Count });
export type Intent = z.infer<typeof Intent>;

/** SPEC §3 "Document type". */
export const DocumentType = z.object({ nameTypeDocument: z.string() });
export type DocumentType = z.infer<typeof DocumentType>;

/** SPEC §3 "Top rating": how many ratings, and the best-rated intents. */
export const TopRating = z.object({
  count: Count,
  detail: z.array(z.object({ name: z.string(), quantity: Count, average: z.number() }))
});
export type TopRating = z.infer<typeof TopRating>;

/** The most entries a single customer made in the range (the client shows 0 if not positive, SPEC §5). */
export const MaxCountEntries = z.object({ maxCountEntries: z.number().int() });

/** Chats per state for 'Estado de chats' (en cola, activos, finalizados, no atendidos). */
export const ChatStatusCounts = z.object({ enCola: Count, activos: Count, finalizados: Count, noAtendidos: Count });

/** Attended / not-attended chats: the count (the tile's value), the total and the share. */
export const ChatShare = z.object({
  indicator: z.enum(['AttendedChats', 'NotAttendedChats']),
  value: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  percentage: z.number().nullable()
});
