import { z } from 'zod';
import { Count, INT4_MAX } from './fields';
import { AgentConnection, EscalatedChat } from './chat';
import { InteractionRecord } from './interaction';
import { NotificationLogEntry } from './notification';
import { AccessLogEntry, AgentChatRow, CausalReportRow, ConversationRow, IntegrationLogEntry } from './report';

/**
 * Paging (SPEC §3 "Paged results"). Queries take page (from 1) and size (1..500, default 10, the
 * advisor history's initial page size). Answers carry currentPage, currentResults (the page size
 * asked for, so "initial 10"), totalPages and totalResult (the number of matching rows).
 */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 500;

export const PageQueryShape = {
  page: z.coerce
    .number({ message: 'La página debe ser un número' })
    .int({ message: 'La página debe ser un número entero' })
    .min(1, { message: 'La página debe ser mayor o igual a 1' })
    .max(INT4_MAX, { message: `La página no puede superar ${INT4_MAX}` })
    .default(1),
  size: z.coerce
    .number({ message: 'El tamaño de página debe ser un número' })
    .int({ message: 'El tamaño de página debe ser un número entero' })
    .min(1, { message: `El tamaño de página debe estar entre 1 y ${PAGE_SIZE_MAX}` })
    .max(PAGE_SIZE_MAX, { message: `El tamaño de página debe estar entre 1 y ${PAGE_SIZE_MAX}` })
    .default(PAGE_SIZE_DEFAULT)
};
export const PageQuery = z.object(PageQueryShape);
export type PageQuery = z.infer<typeof PageQuery>;

export const PagingFields = {
  currentPage: z.number().int().min(1),
  currentResults: Count,
  totalPages: Count,
  totalResult: Count
};
export const Paging = z.object(PagingFields);
export type Paging = z.infer<typeof Paging>;

/** The paging fields of a result, from the query and the total count. */
export function pagingOf(query: PageQuery, totalResult: number): Paging {
  return {
    currentPage: query.page,
    currentResults: query.size,
    totalPages: totalResult === 0 ? 0 : Math.ceil(totalResult / query.size),
    totalResult
  };
}

/** Rows to skip for a page. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.size;
}

// ── SPEC §3 "Paged results", and the pages of the reports whose wrapper SPEC does not show ──


export const AccessLogPage = z.object({ entriesConsumers: z.array(AccessLogEntry), ...PagingFields });
export const AdvisorHistoryPage = z.object({ connections: z.array(AgentConnection), ...PagingFields });
/** cliente: the conversation's customer (null when not identified), for the page's title. */
export const InteractionHistoryPage = z.object({ cliente: z.string().nullable().default(null), interactions: z.array(InteractionRecord), ...PagingFields });
export const NotificationLogPage = z.object({ notificationsLog: z.array(NotificationLogEntry), totalPages: Count, totalResult: Count });
export const IntegrationLogPage = z.object({ integrationsResult: z.array(IntegrationLogEntry), totalFailed: Count, totalSuccess: Count, ...PagingFields });
export const CausalReportPage = z.object({ humanAgentTyping: z.array(CausalReportRow), ...PagingFields });
export const ConversationsPage = z.object({ conversations: z.array(ConversationRow), ...PagingFields });
export const AgentChatsPage = z.object({ chats: z.array(AgentChatRow), ...PagingFields });
export const EscalatedChatsPage = z.object({ chats: z.array(EscalatedChat), ...PagingFields });
