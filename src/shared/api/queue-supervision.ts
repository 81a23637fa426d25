import { z } from 'zod';
import { endpoint } from './endpoint';
import { HUMAN_SETTINGS_EDITORS, HUMAN_STATS_READERS, ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import { ConversationId, PositiveInt, Timestamp } from '../domain/fields';

/** One chat waiting for an agent, as the supervisor's queue screen and the home page show it. */
export const WaitingChat = z.object({
  idConv: z.string(),
  fechaEntrada: Timestamp,
  status: z.string(),
  idSplit: z.number().int().nullable(),
  split: z.string().nullable(),
  /** The entry-form answers as the customer gave them (label → value). */
  datosCliente: z.record(z.string(), z.string())
});
export type WaitingChat = z.infer<typeof WaitingChat>;

/** A split of the organisation now: whether it attends, its queue limit and how many agents are connected (Activo) in it. */
export const LiveSplit = z.object({
  idSplit: z.number().int(),
  nombre: z.string(),
  /** Active, within its schedule and the organisation's working days and hours. */
  abierto: z.boolean(),
  /** timeMaxInitConversation: minutes a chat may wait before the split closes it as not attended. */
  tiempoMaximoEspera: z.number().int(),
  asesoresConectados: z.number().int().nonnegative()
});
export type LiveSplit = z.infer<typeof LiveSplit>;

export const LiveQueue = z.object({
  /** nroMaximoChatsAsesor: the chats an agent may hold at once. */
  maximoChatsAsesor: z.number().int(),
  splits: z.array(LiveSplit),
  /** Every chat waiting now, oldest entry first. */
  chats: z.array(WaitingChat)
});
export type LiveQueue = z.infer<typeof LiveQueue>;

export const AssignQueuedChat = z.object({
  idConv: ConversationId,
  idUser: PositiveInt
});
export const MoveQueuedChat = z.object({
  idConv: ConversationId,
  idSplit: PositiveInt
});

/** The queue an action left: the chat's id and where it went. */
export const QueueActionResult = z.object({ idConv: z.string(), status: z.string(), idSplit: z.number().int().nullable(), idUser: z.number().int().nullable() });

/** Not SPEC §7 calls (ours): the supervisor's live queue (home page and 'Chats in queue') and its two actions. */
export const queueSupervisionEndpoints = {
  liveQueue: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/supervision/colaEnVivo',
    query: OrgQuery,
    response: LiveQueue,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: "Path and shape not shown in SPEC (ours): every chat waiting now (obtenerChatsEnCola's fields plus split and entry-form data), oldest first, with each split's state now and the organisation's max chats per agent."
  }),
  assignQueuedChat: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/supervision/asignarChat',
    query: OrgQuery,
    body: AssignQueuedChat,
    response: QueueActionResult,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: "Path and shape not shown in SPEC (ours): a supervisor hands a waiting chat to a connected agent of its split below the max-chats limit, through the chat engine (the router's rules and locks). 409 in Spanish when the chat already left the queue or the agent cannot take it."
  }),
  moveQueuedChat: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/supervision/moverChat',
    query: OrgQuery,
    body: MoveQueuedChat,
    response: QueueActionResult,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Path and shape not shown in SPEC (ours): a supervisor moves a waiting chat to another active split of the organisation; it enters that queue now and the router runs.'
  })
} as const;
