import { z } from 'zod';
import { AgentChatStatus, AgentStatus, FileRef } from './domain/chat';
import { ConversationId, Counter, NO_NUL, PositiveInt, Timestamp, hasNoNul } from './domain/fields';
import { ResponseItem } from './domain/interaction';
import { UploadPayload } from './domain/media';
import { WidgetFeatures } from './domain/feature';
import { DashboardDesign } from './domain/dashboard-design';

/**
 * The socket.io contract of the live chat (DESIGN §3 "Chat"): two namespaces on the platform
 * server, every payload a zod schema, every client→server event answered through an ack.
 *
 * - AGENT_NAMESPACE '/agent': the desktop app's main process (the chat link). Handshake
 *   `auth: { token }` with the access token; only role 5 connects. Checked again on
 *   connection-state recovery.
 * - WIDGET_NAMESPACE '/widget': the customer's web chat. Handshake `auth: { org, va }` to start,
 *   or `auth: { conversationId, token }` to resume with the token widget:start answered.
 *
 * Delivery: a message is stored before it is acked; the sender retries (same clientId) until it
 * gets an ack; the server drops a repeat by clientId and acks it with the stored message. Every
 * message carries a gap-free per-conversation `seq`, so a reconnecting client asks for what came
 * after the last seq it saw.
 */

export const AGENT_NAMESPACE = '/agent';
export const WIDGET_NAMESPACE = '/widget';
/** The socket.io path on the platform server (the default). */
export const SOCKET_PATH = '/socket.io';

/** An ack: data, or a Spanish error with an HTTP-like status (400 bad payload, 403, 404, 409 state conflict). */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { status: number; message: string } };
export type AckFn<T> = (ack: Ack<T>) => void;

/** The conversation states the platform stores (see src/server/db/schema/conversations.ts). */
export const CONVERSATION_STATES = ['BOT', 'EN_COLA', 'ASIGNADA', 'ACTIVA', 'FINALIZADA'] as const;
export const ConversationState = z.enum(CONVERSATION_STATES);
export type ConversationState = z.infer<typeof ConversationState>;

/** How the console names a conversation state (SPEC §3 Agent chat status). */
export function toAgentChatStatus(state: ConversationState): AgentChatStatus {
  if (state === 'ASIGNADA') return 'ENTRANTE';
  if (state === 'ACTIVA') return 'ACTIVO';
  return 'FINALIZADO';
}

/**
 * Which end message (SPEC §9 acronym) each way a conversation ends sends the customer.
 * The seeded client texts (src/server/demo/demo-data.ts) say the same.
 */
export const END_ACRONYMS = {
  /** The customer stopped answering while with the assistant. */
  botInactivity: 'CCCNE',
  /** The customer closed the chat. */
  customerLeft: 'FCCC',
  /** The agent finished it (with its reasons). */
  agentFinished: 'FCCA',
  /** The customer stopped answering the agent past tiempoInactividadCliente / the split's timeInactivityClient. */
  customerInactivity: 'FCTIC',
  /** No agent answered: the agent went silent past timeInactivityAgent, or the queue wait passed timeMaxInitConversation. */
  agentInactivity: 'FCTIA',
  /** Escalated outside the working days and hours (the 'fin' message). */
  outOfHours: 'FCFHL'
} as const;
export type EndAcronym = (typeof END_ACRONYMS)[keyof typeof END_ACRONYMS];

export const MESSAGE_TYPES = ['TEXTO', 'ARCHIVO', 'OPCIONES', 'COMMAND'] as const;
export const SENDER_TYPES = ['CLIENTE', 'ASESOR', 'BOT', 'SISTEMA'] as const;

/**
 * A stored message (SPEC §3 escalated-chat message plus its ids). A COMMAND message's `mensaje`
 * is an end-message acronym; clients show the matching client text (resolveEscalatedMessages).
 */
export const LiveMessage = z.object({
  conversationId: z.string(),
  seq: z.number().int().positive(),
  clientId: z.string().nullable(),
  tipoMensaje: z.enum(MESSAGE_TYPES),
  tipoUsuario: z.enum(SENDER_TYPES),
  mensaje: z.string(),
  adjunto: FileRef.nullable(),
  /** The assistant's rich answer (options, images, links…), for the widget; null otherwise. */
  items: z.array(ResponseItem).nullable(),
  fechaMensaje: Timestamp
});
export type LiveMessage = z.infer<typeof LiveMessage>;

/** A client-generated message id: retries reuse it. */
export const ClientId = z
  .string()
  .min(8, { message: 'El identificador del mensaje no es válido' })
  .max(64, { message: 'El identificador del mensaje no es válido' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'El identificador del mensaje no es válido' });

/** The text of a chat message: trimmed, up to 4000 characters; may be empty only with an attachment. */
export const MessageText = z.string().max(4000, { message: 'El mensaje no puede superar 4000 caracteres' }).refine(hasNoNul, NO_NUL);

/** An attachment reference: a file uploaded to this platform (its download url). */
export const AttachmentRef = FileRef.extend({
  contentType: z.string().max(100, { message: 'El adjunto no es válido' }).refine(hasNoNul, NO_NUL),
  name: z.string().max(200, { message: 'El nombre del adjunto no puede superar 200 caracteres' }).refine(hasNoNul, NO_NUL),
  url: z.string().regex(/^\/(api\/multimedia\/descargar|widget\/files)\/[A-Za-z0-9_-]{1,100}$/, { message: 'El adjunto no es válido' })
});

const SendBody = {
  clientId: ClientId,
  text: MessageText,
  attachment: AttachmentRef.nullable().default(null)
};
const notBlank = (v: { text: string; attachment: unknown }) => v.text.trim() !== '' || v.attachment !== null;
const BLANK = { message: 'Escriba un mensaje o adjunte un archivo', path: ['text'] };

/** The customer as the console shows it (from the entry form). */
export const ChatCustomer = z.object({
  nombre: z.string(),
  tipoIdentificacion: z.string().nullable(),
  identificacion: z.string().nullable(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  /** Every entry-form answer, label → value. */
  datos: z.record(z.string(), z.string())
});
export type ChatCustomer = z.infer<typeof ChatCustomer>;

/** A conversation as the agent receives it: on assignment, on sync. */
export const AgentChatSnapshot = z.object({
  conversationId: z.string(),
  state: ConversationState,
  status: AgentChatStatus,
  idVa: z.number().int(),
  canal: z.string(),
  split: z.object({ idSplit: z.number().int(), nombre: z.string() }).nullable(),
  customer: ChatCustomer,
  /** When it entered the queue (SPEC §3 fechaEntrada). */
  fechaEntrada: Timestamp.nullable(),
  assignedAt: Timestamp.nullable(),
  /** It came to this agent by a transfer from another split. */
  transfer: z.boolean(),
  /** The assistant's part and the human exchange, in seq order (only those after `afterSeq` on a partial sync). */
  messages: z.array(LiveMessage),
  lastSeq: z.number().int().nonnegative(),
  endedAt: Timestamp.nullable(),
  endAcronym: z.string().nullable()
});
export type AgentChatSnapshot = z.infer<typeof AgentChatSnapshot>;

/** The agent's state as the platform holds it. */
export const AgentStatusView = z.object({ status: AgentStatus, pauseEventId: z.number().int().nullable(), since: Timestamp });
export type AgentStatusView = z.infer<typeof AgentStatusView>;

/* ───────────── agent namespace ───────────── */

/**
 * How the agent namespace refuses a handshake: its middleware calls `next(err)` with
 * `err.data = { status, message }`. 401: the token is missing, invalid or expired (the chat link
 * refreshes the session once and retries); 403: not an active human agent (role 5) — the link
 * stops; anything else (500): a platform failure — the link retries with backoff.
 */
export const AgentConnectRefusal = z.object({ status: z.number().int(), message: z.string() });
export type AgentConnectRefusal = z.infer<typeof AgentConnectRefusal>;

export const agentClientEvents = {
  /** Conectado / Pausa (with its pause event) / Desconectado. Desconectado re-queues the agent's ENTRANTE chats. */
  'agent:status': z
    .object({ status: AgentStatus, pauseEventId: PositiveInt.nullable().default(null) })
    .refine((v) => v.status !== 'PAUSA' || v.pauseEventId !== null, { message: 'Seleccione el evento de pausa', path: ['pauseEventId'] }),
  /**
   * Recovery (SPEC §4): the agent's open chats (ASIGNADA/ACTIVA), each with the messages after the
   * seq the client already has (all when absent). Chats the client holds that are missing here are
   * finished on the client with recover true.
   */
  'chat:sync': z.object({
    known: z.array(z.object({ conversationId: ConversationId, lastSeq: Counter })).max(500).default([])
  }),
  /** ENTRANTE → ACTIVO ("a chat becomes ACTIVO on start"). */
  'chat:accept': z.object({ conversationId: ConversationId }),
  'chat:send': z.object({ conversationId: ConversationId, ...SendBody }).refine(notBlank, BLANK),
  /** Re-queues the conversation in another split; business reasons may be saved first with transfer true. */
  'chat:transfer': z.object({ conversationId: ConversationId, idSplit: PositiveInt }),
  /** Finishes it: refused (409) unless its business reasons and finalisation reason are saved (REST). */
  'chat:finish': z.object({ conversationId: ConversationId }),
  /** The agent is (or stopped) typing in the chat it holds: relayed to its customer only, never stored. */
  'chat:typing': z.object({ conversationId: ConversationId, typing: z.boolean() })
} as const;

export interface AgentAckData {
  'agent:status': AgentStatusView;
  'chat:sync': { chats: AgentChatSnapshot[]; status: AgentStatusView };
  'chat:accept': AgentChatSnapshot;
  'chat:send': LiveMessage;
  'chat:transfer': { conversationId: string };
  'chat:finish': { conversationId: string; endAcronym: string };
  'chat:typing': { conversationId: string };
}

/**
 * The organisation's dashboard design changed (saved, restored, or its logo set): every signed-in
 * user of the organisation hears it on the namespace its main process holds — the agent one or the
 * monitor one — and the app wears it at once. `logo`: the logo's url as getDashboardImage answers
 * it ('' when there is none).
 */
export const DesignChanged = z.object({ design: DashboardDesign, logo: z.string().max(2048) });
export type DesignChanged = z.infer<typeof DesignChanged>;

export const agentServerEvents = {
  /** A chat was assigned to this agent (new, re-queued or transferred): ENTRANTE, with its history. */
  'chat:incoming': AgentChatSnapshot,
  'chat:message': LiveMessage,
  /** The conversation ended (customer left, inactivity, finished elsewhere). */
  'chat:ended': z.object({ conversationId: z.string(), endAcronym: z.string().nullable(), endedBy: z.string(), endedAt: Timestamp }),
  /** The agent lost the chat without it ending (agent inactivity re-queue, transfer done). */
  'chat:removed': z.object({ conversationId: z.string(), reason: z.enum(['TRASLADO', 'INACTIVIDAD', 'DESCONEXION']) }),
  /** The platform changed the agent's state (another device, a supervisor, the disconnect grace period). */
  'agent:status': AgentStatusView,
  /** Waiting conversations in the agent's splits. */
  'queue:size': z.object({ waiting: z.number().int().nonnegative() }),
  /** The customer of a chat this agent holds is (or stopped) typing. */
  'chat:typing': z.object({ conversationId: z.string(), typing: z.boolean() }),
  'design:changed': DesignChanged
} as const;


/* ───────────── monitor namespace ───────────── */

/**
 * MONITOR_NAMESPACE '/monitor': the statistics readers' main process (roles 1–4 and 6) hears that
 * the live state of its organisation changed — the agents' states ('agents') or the chats' states
 * ('chats') — and the pages showing them reload. It carries no data: what a reader may see is
 * decided by the statistics routes, as for any other load. Bursts are coalesced by the engine.
 */
export const MONITOR_NAMESPACE = '/monitor';
export const MONITOR_TOPICS = ['agents', 'chats'] as const;
export const MonitorTopic = z.enum(MONITOR_TOPICS);
export type MonitorTopic = z.infer<typeof MonitorTopic>;
export const monitorServerEvents = {
  'monitor:changed': z.object({ topics: z.array(MonitorTopic).min(1).max(MONITOR_TOPICS.length) }),
  'design:changed': DesignChanged
} as const;
/**
 * The one thing a monitor sends: which organisation's notices it wants instead of its own (the
 * one its pages show — a Superadministrador's 'Administrar entidad' or a chosen organisation).
 * Roles 1 and 2 may follow any; the others only their own (403 otherwise). It replaces the
 * previous choice.
 */
export const monitorClientEvents = {
  'monitor:follow': z.object({ idOrg: PositiveInt })
} as const;
export interface MonitorAckData {
  'monitor:follow': { idOrg: number };
}
/** How the monitor namespace refuses a handshake (as the agent namespace does). */
export const MonitorConnectRefusal = AgentConnectRefusal;

/* ───────────── widget namespace ───────────── */

/** One active field of the entry form, as the widget shows and checks it (src/shared/domain/entry-values.ts). */
export const WidgetEntryField = z.object({
  idField: z.number().int(),
  label: z.string(),
  fieldType: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  pattern: z.string().nullable(),
  consentText: z.string().nullable(),
  consentVersion: z.number().int().nullable()
});
const Named = { id: z.number().int(), name: z.string() };
/** A region of the organisation with its departments and their cities (a city field's choices). */
export const FormRegion = z.object({ ...Named, departments: z.array(z.object({ ...Named, cities: z.array(z.object(Named)) })) });
export type FormRegion = z.infer<typeof FormRegion>;

/** What the widget page needs before the chat starts (GET /widget/config?org&va). */
export const WidgetConfig = z.object({
  org: z.number().int(),
  va: z.number().int(),
  organizationName: z.string(),
  assistantName: z.string(),
  entryForm: z.array(WidgetEntryField),
  /** What a city field offers (region → department → city); empty when the form has none. */
  regions: z.array(FormRegion),
  /** The organisation's widget design when one exists, else null (the page uses DEFAULT_WIDGET_THEME). */
  design: z.unknown().nullable(),
  avatarUrl: z.string().nullable(),
  /** Issue 38: the virtual agent's feature toggles as they stand when the widget opens (the platform enforces them on every event). */
  features: WidgetFeatures
});
export type WidgetConfig = z.infer<typeof WidgetConfig>;

/** Where the conversation stands, for the customer. */
export const WidgetState = z.object({
  conversationId: z.string(),
  state: ConversationState,
  /** The agent's first name while ASIGNADA/ACTIVA. */
  agentName: z.string().nullable(),
  /** The end message's client text once FINALIZADA. */
  endMessage: z.string().nullable(),
  /** Whether the satisfaction/NPS survey can still be answered (FINALIZADA and not answered). */
  surveyPending: z.boolean(),
  /** While EN_COLA: the place among its split's waiting conversations by queue entry (1 = next); null otherwise. */
  queuePosition: z.number().int().positive().nullable()
});
export type WidgetState = z.infer<typeof WidgetState>;

/**
 * The widget's handshakes: `{ org, va }` to start (int4 ids, as numbers or as the digits a query
 * string carries), or `{ conversationId, token }` to resume.
 */
const HandshakeId = z.union([PositiveInt, z.string().regex(/^\d{1,9}$/).transform(Number).pipe(PositiveInt)]);
export const WidgetOriginAuth = z.object({ org: HandshakeId, va: HandshakeId });
export const WidgetResumeAuth = z.object({ conversationId: ConversationId, token: z.string().min(1).max(200) });

export const widgetClientEvents = {
  /** Starts a conversation with the entry-form answers (idField → value). Answers the resume token. */
  'widget:start': z.object({
    fields: z
      .record(z.string().regex(/^\d{1,9}$/, { message: 'El campo no es válido' }), z.string().trim().max(200, { message: 'La respuesta no puede superar 200 caracteres' }).refine(hasNoNul, NO_NUL))
      .refine((fields) => Object.keys(fields).length <= 100, { message: 'El formulario tiene demasiados campos' })
  }),
  'widget:message': z.object(SendBody).refine(notBlank, BLANK),
  /** Uploads an attachment (SPEC §3 upload payload, up to 10 MB); answers the reference to send. */
  'widget:upload': UploadPayload,
  /** Messages after the seq the page has, and the state: on reconnect. */
  'widget:sync': z.object({ afterSeq: Counter.default(0) }),
  /** The customer closes the chat (FCCC). */
  'widget:leave': z.object({}),
  'widget:survey': z.object({
    satisfaction: z.number().int().min(1, { message: 'La calificación va de 1 a 5' }).max(5, { message: 'La calificación va de 1 a 5' }),
    nps: z.number().int().min(0, { message: 'La recomendación va de 0 a 10' }).max(10, { message: 'La recomendación va de 0 a 10' })
  }),
  /** The customer is (or stopped) typing: relayed to the agent holding the chat, never stored. */
  'widget:typing': z.object({ typing: z.boolean() })
} as const;

export interface WidgetAckData {
  'widget:start': { conversationId: string; token: string; state: WidgetState; messages: LiveMessage[] };
  'widget:message': LiveMessage;
  'widget:upload': z.infer<typeof AttachmentRef>;
  'widget:sync': { state: WidgetState; messages: LiveMessage[] };
  'widget:leave': WidgetState;
  'widget:survey': WidgetState;
  'widget:typing': { typing: boolean };
}

export const widgetServerEvents = {
  'widget:message': LiveMessage,
  'widget:state': WidgetState,
  /** The agent holding the chat is (or stopped) typing. */
  'widget:typing': z.object({ typing: z.boolean() })
} as const;

/* ───────────── socket.io typings ───────────── */

type Handlers<E extends Record<string, z.ZodType>, A extends { [K in keyof E]: unknown }> = {
  [K in keyof E]: (payload: z.input<E[K]>, ack: AckFn<A[K]>) => void;
};
type Emits<E extends Record<string, z.ZodType>> = { [K in keyof E]: (payload: z.infer<E[K]>) => void };

/** socket.io generics: Server<AgentClientToServer, AgentServerToClient> / Socket<AgentServerToClient, AgentClientToServer>. */
export type AgentClientToServer = Handlers<typeof agentClientEvents, AgentAckData>;
export type AgentServerToClient = Emits<typeof agentServerEvents>;
export type WidgetClientToServer = Handlers<typeof widgetClientEvents, WidgetAckData>;
export type WidgetServerToClient = Emits<typeof widgetServerEvents>;
export type MonitorServerToClient = Emits<typeof monitorServerEvents>;
export type MonitorClientToServer = Handlers<typeof monitorClientEvents, MonitorAckData>;
