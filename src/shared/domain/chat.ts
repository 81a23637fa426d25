import { z } from 'zod';
import type { EndMessage } from './end-message';
import { Timestamp } from './fields';

/** SPEC §3 "Chat in queue". */
export const ChatInQueue = z.object({ idConv: z.string(), fechaEntrada: Timestamp, status: z.string() });
export type ChatInQueue = z.infer<typeof ChatInQueue>;

/** SPEC §4 "Agent status": what the console stores (agentStatus). */
export const AGENT_STATUSES = ['CONECTADO', 'PAUSA', 'DESCONECTADO'] as const;
export const AgentStatus = z.enum(AGENT_STATUSES);
export type AgentStatus = z.infer<typeof AgentStatus>;

/** SPEC §4: received 'Activo' is stored as CONECTADO, 'Pausa' as PAUSA, anything else as DESCONECTADO. */
export function toAgentStatus(received: unknown): AgentStatus {
  if (received === 'Activo') return 'CONECTADO';
  if (received === 'Pausa') return 'PAUSA';
  return 'DESCONECTADO';
}

/**
 * An agent's connection state (GET /api/obtenerEstadoConexionAsesores; shape not shown in SPEC):
 * estado is the service's word ('Activo', 'Pausa', 'Desconectado'), mapped with toAgentStatus.
 */
export const AgentConnectionState = z.object({
  idUser: z.number().int(),
  nombre: z.string(),
  estado: z.string(),
  /** The pause event's name while estado is 'Pausa'. */
  eventoPausa: z.string().nullable(),
  /** The pause event's time limit in minutes while estado is 'Pausa' (null: none; the home page alerts past it). */
  pausaMaxima: z.number().int().nullable().default(null),
  fechaEstado: Timestamp,
  chatsActivos: z.number().int().nonnegative()
});
export type AgentConnectionState = z.infer<typeof AgentConnectionState>;

/** One stretch of an agent in one state (the advisor connection history's `connections`). */
export const AgentConnection = z.object({
  idUser: z.number().int(),
  nombre: z.string(),
  estado: z.string(),
  eventoPausa: z.string().nullable(),
  fechaInicio: Timestamp,
  fechaFin: Timestamp.nullable(),
  /** Seconds in that state (up to now while still open). */
  duracion: z.number().int().nonnegative()
});
export type AgentConnection = z.infer<typeof AgentConnection>;

/** GET /api/notAttendedEvents: the kinds of event that leave a chat not attended (shape not shown). */
export const NotAttendedEvent = z.object({ id: z.number().int(), nombre: z.string(), descripcion: z.string() });
export type NotAttendedEvent = z.infer<typeof NotAttendedEvent>;

/** SPEC §3 "Agent chat" status. */
export const AGENT_CHAT_STATUSES = ['ACTIVO', 'ENTRANTE', 'FINALIZADO'] as const;
export const AgentChatStatus = z.enum(AGENT_CHAT_STATUSES);
export type AgentChatStatus = z.infer<typeof AgentChatStatus>;

export const LoadStatus = z.enum(['idle', 'pending', 'resolved', 'rejected']);
export type LoadStatus = z.infer<typeof LoadStatus>;

/** SPEC §3 "Each file": an attachment. */
export const FileRef = z.object({ contentType: z.string(), name: z.string(), url: z.string() });
export type FileRef = z.infer<typeof FileRef>;

/** SPEC §3 "Escalated-chat message". */
export const EscalatedChatMessage = z.object({
  tipoMensaje: z.string(),
  tipoUsuario: z.string(),
  mensaje: z.string(),
  adjunto: FileRef.nullable(),
  fechaMensaje: Timestamp
});
export type EscalatedChatMessage = z.infer<typeof EscalatedChatMessage>;

/**
 * SPEC §3: a COMMAND message is replaced by the client message of the end-message entry whose
 * acronym matches its text, and dropped if none matches. Other messages pass unchanged.
 */
export function resolveEscalatedMessages<M extends Pick<EscalatedChatMessage, 'tipoMensaje' | 'mensaje'>>(messages: readonly M[], endMessages: readonly EndMessage[]): M[] {
  const byAcronym = new Map(endMessages.map((m) => [m.acronym, m.clientMessage]));
  return messages.flatMap((m) => {
    if (m.tipoMensaje !== 'COMMAND') return [m];
    const text = byAcronym.get(m.mensaje.trim());
    return text === undefined ? [] : [{ ...m, mensaje: text }];
  });
}

/** An escalated chat (the list behind 'Chats escalados'; shape not shown in SPEC). */
export const EscalatedChat = z.object({
  idConv: z.string(),
  fechaEntrada: Timestamp,
  canal: z.string(),
  split: z.string().nullable(),
  asesor: z.string().nullable(),
  estado: z.string(),
  /** The customer's name (null when not identified). */
  cliente: z.string().nullable().default(null)
});
export type EscalatedChat = z.infer<typeof EscalatedChat>;
