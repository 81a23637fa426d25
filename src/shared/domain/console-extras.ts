import { z } from 'zod';
import { ConversationId, Timestamp, hasNoNul } from './fields';
import { ConversationState, LiveMessage } from '../realtime';

/** The longest internal note (characters, after trimming); the database checks the same. */
export const NOTE_MAX = 2000;

/** An internal note's text: required, trimmed, bounded, with no NUL (PostgreSQL text cannot hold one). */
export const NoteText = z
  .string({ message: 'Escriba la nota' })
  .trim()
  .min(1, { message: 'Escriba la nota' })
  .max(NOTE_MAX, { message: `La nota no puede superar ${NOTE_MAX} caracteres` })
  .refine(hasNoNul, { message: 'La nota contiene caracteres no permitidos' });

export const NewConversationNote = z.strictObject({ text: NoteText });
export type NewConversationNote = z.infer<typeof NewConversationNote>;

/** An internal note on a conversation (agents and supervisors only, never the customer). */
export const ConversationNote = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  text: z.string(),
  createdAt: Timestamp
});
export type ConversationNote = z.infer<typeof ConversationNote>;

/** `/…/{id}`: the conversation a console call is about. */
export const ConversationParams = z.object({ id: ConversationId });
/** `/…/{id}/anteriores/{previousId}`: an earlier conversation of the same customer. */
export const PreviousConversationParams = z.object({ id: ConversationId, previousId: ConversationId });

/** One earlier conversation of the customer, as the console lists it. */
export const PreviousConversation = z.object({
  idConv: z.string(),
  startedAt: Timestamp,
  endedAt: Timestamp.nullable(),
  canal: z.string(),
  state: ConversationState,
  /** 'CLIENTE', 'ASESOR' or 'SISTEMA'; null while under way. */
  endedBy: z.string().nullable(),
  /** The end message's acronym (SPEC §9), null while under way. */
  endAcronym: z.string().nullable(),
  /** The finalisation reason the agent chose, when one was recorded. */
  finalReason: z.string().nullable(),
  agentName: z.string().nullable()
});
export type PreviousConversation = z.infer<typeof PreviousConversation>;

/**
 * The customer's earlier conversations, newest first. `identified` false: the conversation has
 * no identified customer (the entry form asked no document), so nothing can be matched.
 */
export const PreviousConversations = z.object({ identified: z.boolean(), conversations: z.array(PreviousConversation) });
export type PreviousConversations = z.infer<typeof PreviousConversations>;

/** How many earlier conversations the console lists. */
export const PREVIOUS_CONVERSATIONS_MAX = 20;

export const PreviousTranscript = z.array(LiveMessage);
