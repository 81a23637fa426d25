/**
 * The one place where a stored code becomes the Spanish word a person reads (issue 17): agent and
 * chat states, conversation states (the queue screen), message senders, notification and integration statuses, the
 * end-message acronyms with their meaning, conversations by customer and short id. Every page and
 * the console read these maps; CSV files keep the codes (they are data to process, not screens).
 */
import { AGENT_STATUSES, toAgentStatus, type AgentChatStatus, type AgentStatus } from './domain/chat';
import type { INTEGRATION_STATUSES } from './domain/report';
import { NOTIFICATION_EVENTS, type NotificationEventCode } from './notifications/events';
import { END_ACRONYMS, type ConversationState, type EndAcronym, type SENDER_TYPES } from './realtime';

type Labels<K extends string> = Readonly<Record<K, string>>;

/** The agent's state, one word each in the console, the statistics and the history (SPEC §4). */
export const AGENT_STATUS_LABELS: Labels<AgentStatus> = { CONECTADO: 'Conectado', PAUSA: 'Pausa', DESCONECTADO: 'Desconectado' };

/** The console's chat states (SPEC §3 Agent chat status). */
export const AGENT_CHAT_STATUS_LABELS: Labels<AgentChatStatus> = { ENTRANTE: 'Entrante', ACTIVO: 'Activo', FINALIZADO: 'Finalizado' };

/**
 * A conversation's state as the platform stores it (CONVERSATION_STATES), in the words the
 * statistics' lists use for an escalated chat (src/server/stats/common.ts CHAT_STATE): the queue
 * screen's Estado column. SPEC names no wording for these states; a finished chat no agent took is
 * 'No atendido' only where the lists know whether one did.
 */
export const CONVERSATION_STATE_LABELS: Labels<ConversationState> = {
  BOT: 'Asistente virtual',
  EN_COLA: 'En cola',
  ASIGNADA: 'Asignado',
  ACTIVA: 'Activo',
  FINALIZADA: 'Finalizado'
};

/** Who wrote a message. */
export const SENDER_LABELS: Labels<(typeof SENDER_TYPES)[number]> = { CLIENTE: 'Cliente', ASESOR: 'Asesor', BOT: 'Asistente virtual', SISTEMA: 'Sistema' };

/** Whether a notification was delivered (notifications_log.status). */
export const NOTIFICATION_STATUS_LABELS: Labels<'ENVIADA' | 'FALLIDA' | 'SUPRIMIDA'> = { ENVIADA: 'Enviada', FALLIDA: 'Fallida', SUPRIMIDA: 'Suprimida' };

/** Who a notification went to (notifications_log.recipient_role). */
export const RECIPIENT_ROLE_LABELS: Labels<'CLIENTE' | 'ASESOR' | 'SUPERVISOR' | 'ADMINISTRADOR'> = {
  CLIENTE: 'Cliente',
  ASESOR: 'Asesor',
  SUPERVISOR: 'Supervisor',
  ADMINISTRADOR: 'Administrador'
};

/**
 * The events of notifications_log.event_type: the platform's own (NOTIFICATION_EVENTS, issue 39) and
 * CALIFICACION_BAJA, which only the generated history holds (no live event raises it).
 */
export const NOTIFICATION_EVENT_LABELS: Labels<NotificationEventCode | 'CALIFICACION_BAJA'> = {
  ...(Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.code, e.label])) as Labels<NotificationEventCode>),
  CALIFICACION_BAJA: 'Calificación baja'
};

/** The result of a call of the assistant to an integration. */
export const INTEGRATION_STATUS_LABELS: Labels<(typeof INTEGRATION_STATUSES)[number]> = { success: 'Exitosa', failed: 'Fallida' };

/** What each end-of-conversation message (SPEC §9 acronym) is sent for (see END_ACRONYMS). */
export const END_ACRONYM_MEANINGS: Labels<EndAcronym> = {
  [END_ACRONYMS.botInactivity]: 'El cliente dejó de responder al asistente virtual',
  [END_ACRONYMS.customerLeft]: 'El cliente cerró el chat',
  [END_ACRONYMS.agentFinished]: 'El asesor finalizó el chat',
  [END_ACRONYMS.customerInactivity]: 'El cliente dejó de responder al asesor',
  [END_ACRONYMS.agentInactivity]: 'Ningún asesor respondió a tiempo',
  [END_ACRONYMS.outOfHours]: 'Fuera del horario de atención'
};

function has<K extends string>(labels: Labels<K>, value: string): value is K {
  return Object.hasOwn(labels, value);
}

/**
 * A code no map knows yet (a new event type…) still reads as words: 'NUEVO_EVENTO' → 'Nuevo
 * evento'. Anything that is not an upper-case code passes as it came.
 */
export function wordsOfCode(value: string): string {
  if (!/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(value)) return value;
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An integration's service name as words: the assistant's integrations are registered under
 * snake-case names ('consulta_saldo' → 'Consulta saldo'). The integrationService filter matches
 * either spelling (integrationScope compares both as words).
 */
export function integrationServiceLabel(service: string): string {
  if (!/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(service)) return service;
  return wordsOfCode(service.toUpperCase());
}

/** The label of `value` in `labels`, or its words when the map does not know it. */
export function labelOf<K extends string>(labels: Labels<K>, value: string): string {
  return has(labels, value) ? labels[value] : wordsOfCode(value);
}

/**
 * An agent's state from any of its spellings: the console's codes (CONECTADO, PAUSA,
 * DESCONECTADO) or the service's words ('Activo', 'Pausa', 'Desconectado', SPEC §4).
 */
export function agentStatusOf(value: string): AgentStatus {
  return AGENT_STATUSES.find((status) => status === value) ?? toAgentStatus(value);
}

export function agentStatusLabel(value: string): string {
  return AGENT_STATUS_LABELS[agentStatusOf(value)];
}

/** 'FCCA — El asesor finalizó el chat'; an unknown acronym as it came. */
export function endAcronymLabel(acronym: string): string {
  return has(END_ACRONYM_MEANINGS, acronym) ? `${acronym} — ${END_ACRONYM_MEANINGS[acronym]}` : acronym;
}

/** How many characters of a conversation id are shown: enough to tell a day's chats apart. */
const SHORT_ID_LENGTH = 8;

/**
 * The short form of a conversation id: the last 8 characters of a UUID (its random part, in v4 as
 * in v7), '#' before it. Ids of 8 characters or fewer show whole.
 */
export function shortConversationId(idConv: string): string {
  const compact = idConv.trim().replace(/-/g, '');
  return `#${compact.length > SHORT_ID_LENGTH ? compact.slice(-SHORT_ID_LENGTH) : compact}`;
}

/** A conversation as a person names it: 'Sara López · #6b788b05', or the short id alone without a customer. */
export function conversationLabel(idConv: string, customer?: string | null): string {
  const name = customer?.trim();
  return name ? `${name} · ${shortConversationId(idConv)}` : shortConversationId(idConv);
}
