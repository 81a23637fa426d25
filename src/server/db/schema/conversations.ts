import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { FileRef } from '../../../shared/domain/chat';
import type { ResponseItem } from '../../../shared/domain/interaction';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';
import { channelTypes } from './channel-types';
import { users } from './users';
import { automaticTransferReasons, businessReasons, finalReasons, notAttendedEvents, splits } from './chat-config';
import { bytea } from './bytea';
import { responseNodes } from './workspaces';
import { cities } from './locations';
import { consentTexts } from './widget';
import { sessionExpirationTypes } from './session-expiry';

/** A customer, identified by document type and number within an organisation (recurrence counts on it). */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    identification: text('identification').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** The city the customer last gave in an entry form. */
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique('customers_org_document_unique').on(t.organizationId, t.documentType, t.identification)]
);

/** The leading columns of the statistics indexes: the organisation, the range, and what the filters narrow by. */
function filterColumns(t: { [K in 'organizationId' | 'startedAt' | 'channelId' | 'idVa' | 'splitId' | 'agentId' | 'customerId' | 'cityId' | 'status']: AnyPgColumn }) {
  return [t.organizationId, t.startedAt, t.channelId, t.idVa, t.splitId, t.agentId, t.customerId, t.cityId, t.status] as const;
}

/**
 * The life of a conversation (CONVERSATION_STATES in src/shared/realtime.ts):
 * BOT (with the assistant) → EN_COLA (escalated, waiting in its split's queue) → ASIGNADA (offered
 * to an agent: ENTRANTE in the console) → ACTIVA (the agent started it: ACTIVO) → FINALIZADA.
 * A transfer or a re-queue takes ASIGNADA/ACTIVA back to EN_COLA. fecha_entrada (queued_at) is the
 * latest entry to a queue. last_seq numbers the messages: it is bumped under the row lock, so the
 * sequence has no gaps and a client resumes from the last seq it saw.
 */
export const conversations = pgTable(
  'conversations',
  {
    idConv: text('id_conv').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channelTypes.idChannel),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The entry-form answers as the customer gave them (label → value). */
    customerData: jsonb('customer_data').$type<Record<string, string>>().notNull(),
    /** The customer's city when the entry form or the channel tells it (the regionals/departments/cities filters). */
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    splitId: integer('split_id').references(() => splits.idSplit, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => users.idUser, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    agentFirstReplyAt: timestamp('agent_first_reply_at', { withTimezone: true }),
    lastCustomerActivityAt: timestamp('last_customer_activity_at', { withTimezone: true }).notNull(),
    lastAgentActivityAt: timestamp('last_agent_activity_at', { withTimezone: true }),
    /**
     * The oldest customer message not answered by an agent yet (set by a customer message when
     * null, cleared by an agent message): the agent-inactivity timer (FCTIA) reads it.
     */
    awaitingAgentSince: timestamp('awaiting_agent_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'CLIENTE', 'ASESOR' or 'SISTEMA'. */
    endedBy: text('ended_by'),
    /** The end message sent to the customer (SPEC §9 acronyms). */
    endAcronym: text('end_acronym'),
    /**
     * The session-expiry type that closed the conversation (its reason, beside end_acronym, for the
     * statistics), and the client message it closed with, as the customer read it then: the widget
     * shows it instead of the end message of the acronym, and a later edit of the type leaves it.
     */
    sessionExpirationTypeId: integer('session_expiration_type_id'),
    endClientMessage: text('end_client_message'),
    automaticTransferReasonId: integer('automatic_transfer_reason_id').references(() => automaticTransferReasons.idCause),
    notAttendedEventId: integer('not_attended_event_id').references(() => notAttendedEvents.id),
    transferCount: integer('transfer_count').notNull().default(0),
    /** Consecutive customer turns the assistant could not answer. */
    botFailures: smallint('bot_failures').notNull().default(0),
    lastSeq: integer('last_seq').notNull().default(0),
    satisfaction: smallint('satisfaction'),
    nps: smallint('nps'),
    surveyAt: timestamp('survey_at', { withTimezone: true }),
    /** sha256 of the widget's resume token (the customer's only credential). */
    widgetTokenHash: text('widget_token_hash').notNull(),
    /** The consent text version the customer accepted in the entry form (its text and sha256 there), and when. */
    consentTextId: integer('consent_text_id').references(() => consentTexts.id),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true })
  },
  (t) => [
    foreignKey({ name: 'conversations_session_expiration_type_fk', columns: [t.sessionExpirationTypeId], foreignColumns: [sessionExpirationTypes.idSessionExpirationType] }).onDelete('set null'),
    check('conversations_status_check', sql`${t.status} in ('BOT','EN_COLA','ASIGNADA','ACTIVA','FINALIZADA')`),
    check('conversations_satisfaction_check', sql`${t.satisfaction} is null or ${t.satisfaction} between 1 and 5`),
    check('conversations_nps_check', sql`${t.nps} is null or ${t.nps} between 0 and 10`),
    index('conversations_org_started_idx').on(t.organizationId, t.startedAt),
    index('conversations_queue_idx').on(t.splitId, t.queuedAt).where(sql`${t.status} = 'EN_COLA'`),
    index('conversations_agent_open_idx').on(t.agentId).where(sql`${t.status} in ('ASIGNADA','ACTIVA')`),
    // The sweeper's rules look only at conversations not yet finished, however many finished ones there are.
    index('conversations_open_idx').on(t.status).where(sql`${t.status} <> 'FINALIZADA'`),
    // The statistics (src/server/stats): an organisation's conversations of a date range with every column their
    // filters and indicators read, so they are answered from the index alone (index-only scans), whatever the
    // width of the rows. None of the columns a message changes is here: those updates stay HOT.
    index('conversations_stats_idx').on(
      ...filterColumns(t),
      t.escalatedAt,
      t.queuedAt,
      t.acceptedAt,
      t.endedAt,
      t.endedBy,
      t.satisfaction,
      t.nps,
      t.automaticTransferReasonId,
      t.notAttendedEventId,
      t.idConv
    ),
    // The escalated conversations alone (a third of them): the reasons, transfers and typing statistics read only those
    // (an agent records reasons, so only on a conversation handed to a human).
    index('conversations_escalated_stats_idx')
      .on(...filterColumns(t), t.acceptedAt, t.automaticTransferReasonId, t.notAttendedEventId, t.idConv)
      .where(sql`${t.escalatedAt} is not null`)
  ]
);

/** Every assignment of a conversation to an agent, and how it ended (finished, transferred, re-queued). */
export const conversationAssignments = pgTable(
  'conversation_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    splitId: integer('split_id').references(() => splits.idSplit, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** 'FINALIZADA', 'TRASLADO', 'DESCONEXION', 'INACTIVIDAD'. */
    releaseReason: text('release_reason')
  },
  (t) => [index('conversation_assignments_conv_idx').on(t.conversationId), index('conversation_assignments_agent_idx').on(t.agentId, t.assignedAt)]
);

/**
 * SPEC §3 "Escalated-chat message" as stored: every message of a conversation, the assistant's
 * turns included. client_id is the sender's id for the message: a retried send finds the row it
 * already wrote (unique), so nothing is stored twice. Server-made messages have none.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    clientId: text('client_id'),
    /** 'TEXTO', 'ARCHIVO', 'OPCIONES' or 'COMMAND' (an end message, by acronym). */
    tipoMensaje: text('tipo_mensaje').notNull(),
    /** 'CLIENTE', 'ASESOR', 'BOT' or 'SISTEMA'. */
    tipoUsuario: text('tipo_usuario').notNull(),
    mensaje: text('mensaje').notNull(),
    adjunto: jsonb('adjunto').$type<FileRef>(),
    /** The assistant's rich answer (SPEC §3 response items), for the widget to render. */
    items: jsonb('items').$type<ResponseItem[]>(),
    agentId: integer('agent_id').references(() => users.idUser, { onDelete: 'set null' }),
    fechaMensaje: timestamp('fecha_mensaje', { withTimezone: true }).notNull()
  },
  (t) => [unique('messages_conv_seq_unique').on(t.conversationId, t.seq), unique('messages_conv_client_unique').on(t.conversationId, t.clientId)]
);

/** SPEC §3 "Chat interaction record": one customer turn with the assistant. */
export const botInteractions = pgTable(
  'bot_interactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    interactionTime: timestamp('interaction_time', { withTimezone: true }).notNull(),
    /** JSON text: { text, context: { fileArrayAttachment? } }. */
    requestData: text('request_data').notNull(),
    /** JSON text: { responseItems: [...] }. */
    responseAnswer: text('response_answer').notNull(),
    /** The matched intent; null when the assistant had no answer. */
    intent: text('intent'),
    responseNodeId: integer('response_node_id').references(() => responseNodes.id, { onDelete: 'set null' }),
    answered: boolean('answered').notNull(),
    escalated: boolean('escalated').notNull().default(false)
  },
  (t) => [
    index('bot_interactions_org_time_idx').on(t.organizationId, t.interactionTime),
    index('bot_interactions_conv_idx').on(t.conversationId),
    // The statistics of the assistant's turns (answer level, intents) from the index alone.
    index('bot_interactions_stats_idx').on(t.organizationId, t.interactionTime, t.idVa, t.answered, t.responseNodeId, t.intent, t.conversationId)
  ]
);

/** SPEC §3 "Conversation cause record" as stored: the business reasons an agent ticked. */
export const conversationBusinessReasons = pgTable(
  'conversation_business_reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => businessReasons.idCausal),
    agentId: integer('agent_id').references(() => users.idUser, { onDelete: 'set null' }),
    splitId: integer('split_id').references(() => splits.idSplit, { onDelete: 'set null' }),
    transfer: boolean('transfer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull()
  },
  (t) => [
    index('conversation_business_reasons_conv_idx').on(t.conversationId),
    // Which conversations were typed since a moment, and with which reasons (the typing and business reasons statistics), from the index alone.
    index('conversation_business_reasons_created_idx').on(t.createdAt, t.conversationId, t.reasonId)
  ]
);

/** The finalisation reason of a conversation (one per conversation). */
export const conversationFinalReasons = pgTable(
  'conversation_final_reasons',
  {
    conversationId: text('conversation_id')
      .primaryKey()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => finalReasons.idCausal),
    agentId: integer('agent_id').references(() => users.idUser, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull()
  },
  // The reasons recorded since a moment (the finalisation reasons statistic), from the index alone.
  (t) => [index('conversation_final_reasons_created_idx').on(t.createdAt, t.conversationId, t.reasonId)]
);

/** Uploaded files (chat attachments, logos, avatars), served by /api/multimedia/descargar/{id}. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    /** Set for chat attachments: the customer of that conversation may download it too. */
    conversationId: text('conversation_id').references(() => conversations.idConv, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.idUser, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull()
  },
  (t) => [index('files_org_idx').on(t.organizationId)]
);

/** Per-agent live state: the row the engine locks (FOR UPDATE) to decide assignments atomically. */
export const agentPresence = pgTable('agent_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.idUser, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.idOrg, { onDelete: 'cascade' }),
  /** 'Activo', 'Pausa' or 'Desconectado' (the service's words; SPEC §4 maps them). */
  status: text('status').notNull(),
  pauseEventId: integer('pause_event_id'),
  since: timestamp('since', { withTimezone: true }).notNull(),
  /** When the agent's last socket dropped (null while connected); the grace period runs from it. */
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  /** Round-robin fairness: the agent who waited longest since an assignment goes first. */
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true })
});

/** The connection history: one row per stretch of an agent in one state (ended_at null while current). */
export const agentStatusChanges = pgTable(
  'agent_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    pauseEventId: integer('pause_event_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true })
  },
  (t) => [index('agent_status_changes_user_idx').on(t.userId, t.startedAt), index('agent_status_changes_org_idx').on(t.organizationId, t.startedAt)]
);
