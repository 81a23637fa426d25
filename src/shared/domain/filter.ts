import { z } from 'zod';
import { IdParam } from './common';
import { ConversationId, IdList, NO_NUL, TimeOfDay, dayString, hasNoNul } from './fields';
import { PageQueryShape } from './paged';
import { CsvDelimiter, INTEGRATION_STATUSES } from './report';

/**
 * SPEC §3 "Filter": the query of every statistics and report call. Dates are 'yyyy-MM-dd' (the
 * client defaults both to today); attention defaults to 'attended'; the list fields arrive as
 * comma-separated positive ids ('1,2,3'). An absent list means "no restriction".
 *
 * Decisions where SPEC names a field without its meaning:
 * - resolution: the time bucket of the line/bar series (hour, day, week, month; default day);
 * - id / idType: a customer's identification number and document type (access log search);
 * - since / until: a time-of-day window 'HH:mm' applied within each day of the range;
 * - singleSplit: one split, for the pages that chart a single queue;
 * - events: not-attended event ids; notifChannels: notification type ids;
 * - integrationStatus: 'success' | 'failed'; integrationService: the integration's service name.
 */
export const ATTENTION = ['attended', 'notAttended'] as const;
export type Attention = (typeof ATTENTION)[number];
export const RESOLUTIONS = ['hour', 'day', 'week', 'month'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * The longest range (days, both ends included) each resolution may cover: a series never has more
 * than MAX_SERIES_BUCKETS buckets, and no statement reads more than ten years. Every filter has a
 * resolution (day when absent), so the calls without a series (the reports, the indicators) are
 * bounded by the day's span: two years, enough for any year-over-year page; a longer range asks for
 * weeks or months.
 */
export const MAX_SPAN_DAYS: Record<Resolution, number> = { hour: 31, day: 732, week: 3653, month: 3653 };
export const MAX_SERIES_BUCKETS = 1000;
const SPAN_MESSAGE: Record<Resolution, string> = {
  hour: 'Con agrupación por hora el rango de fechas no puede superar 31 días',
  day: 'El rango de fechas no puede superar 2 años; para un rango mayor agrupe por semana o por mes',
  week: 'El rango de fechas no puede superar 10 años',
  month: 'El rango de fechas no puede superar 10 años'
};

/** The days from start to end, both included ('yyyy-MM-dd', already valid). */
export function spanDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const filterShape = {
  start: dayString('inicial'),
  end: dayString('final'),
  attention: z.enum(ATTENTION, { message: "La atención debe ser 'attended' o 'notAttended'" }).default('attended'),
  channels: IdList.optional(),
  idVa: IdParam.optional(),
  resolution: z.enum(RESOLUTIONS, { message: 'La resolución debe ser hour, day, week o month' }).default('day'),
  id: z
    .string()
    .trim()
    .min(1, { message: 'La identificación no puede estar vacía' })
    .max(40, { message: 'La identificación no puede superar 40 caracteres' })
    .regex(/^[A-Za-z0-9.-]+$/, { message: 'La identificación solo admite letras, números, puntos y guiones' })
    .optional(),
  idType: z.string().trim().min(1).max(60, { message: 'El tipo de documento no puede superar 60 caracteres' }).refine(hasNoNul, NO_NUL).optional(),
  since: TimeOfDay.optional(),
  until: TimeOfDay.optional(),
  regionals: IdList.optional(),
  departments: IdList.optional(),
  cities: IdList.optional(),
  intents: IdList.optional(),
  splits: IdList.optional(),
  singleSplit: IdParam.optional(),
  events: IdList.optional(),
  agents: IdList.optional(),
  notifChannels: IdList.optional(),
  idConv: ConversationId.optional(),
  integrationStatus: z.enum(INTEGRATION_STATUSES, { message: "El estado de integración debe ser 'success' o 'failed'" }).optional(),
  integrationService: z.string().trim().min(1).max(100, { message: 'El servicio de integración no puede superar 100 caracteres' }).refine(hasNoNul, NO_NUL).optional(),
  causalesNegocio: IdList.optional(),
  causalesFin: IdList.optional(),
  causalesPasoAutomatico: IdList.optional()
};

/** The cross-field rules: end is not before start, nor further from it than the resolution allows; until is not before since. */
function withFilterRules<S extends z.ZodObject>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const v = value as { start?: unknown; end?: unknown; since?: unknown; until?: unknown; resolution?: unknown };
    if (typeof v.start === 'string' && typeof v.end === 'string' && v.end < v.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'La fecha final debe ser igual o posterior a la fecha inicial' });
    }
    const resolution = RESOLUTIONS.find((r) => r === v.resolution) ?? 'day';
    if (typeof v.start === 'string' && typeof v.end === 'string' && spanDays(v.start, v.end) > MAX_SPAN_DAYS[resolution]) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: SPAN_MESSAGE[resolution] });
    }
    if (typeof v.since === 'string' && typeof v.until === 'string' && v.until < v.since) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'La hora final debe ser igual o posterior a la hora inicial' });
    }
  }) as S;
}

const orgShape = { idOrg: IdParam.optional() };

/** For calls whose path carries the organisation ('/organization/{idOrg}/…', '/company/{id}'). */
export const FilterQuery = withFilterRules(z.object(filterShape));
/** For calls that take the organisation as ?idOrg (SPEC §6 suffix rule). */
export const StatisticsFilter = withFilterRules(z.object({ ...filterShape, ...orgShape }));
/** For the CSV downloads: the filter and the field separator (',' when not asked: RFC 4180). */
export const CsvStatisticsFilter = withFilterRules(z.object({ ...filterShape, ...orgShape, delimiter: CsvDelimiter.default(',') }));
/** The order of a paged list by its date (the server's one sort): newest first unless asked. */
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
const orderShape = { order: z.enum(SORT_ORDERS, { message: "El orden debe ser 'asc' o 'desc'" }).default('desc') };
/** Paged variants (page ≥ 1, size 1..500, default 10; order by date, newest first by default). */
export const PagedFilterQuery = withFilterRules(z.object({ ...filterShape, ...PageQueryShape, ...orderShape }));
export const PagedStatisticsFilter = withFilterRules(z.object({ ...filterShape, ...orgShape, ...PageQueryShape, ...orderShape }));

export type StatisticsFilter = z.infer<typeof StatisticsFilter>;
export type CsvStatisticsFilter = z.infer<typeof CsvStatisticsFilter>;
export type StatisticsFilterInput = z.input<typeof StatisticsFilter>;
export type PagedStatisticsFilter = z.infer<typeof PagedStatisticsFilter>;

/** The client-side filter's defaults (SPEC §3, §9): both dates today, attention 'attended'. */
export function defaultFilter(today: string): { start: string; end: string; attention: Attention } {
  return { start: today, end: today, attention: 'attended' };
}
