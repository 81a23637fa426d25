import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FileRef } from '../../shared/domain/chat';
import { OPTIONS_ITEM_TYPE } from '../../shared/domain/interaction';
import type { AttachmentRef, LiveMessage, WidgetAckData, widgetClientEvents, WidgetState } from '../../shared/realtime';
import type { Db } from '../db/types';
import { conversations, organizations, virtualAgents } from '../db/schema';
import type { BotTurnResult } from '../bot/assistant';
import { resolveAttachment, storeCustomerUpload } from './attachments';
import { featureOn } from '../settings/repositories/features';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { customerFacts, loadEntryForm, regionsForForm, upsertCustomer, validateAnswers } from './entry-form';
import { endConversation, escalate, isOpenWithAgent, type Step } from './lifecycle';
import { findByClientId, listMessages, lockConversation, storeMessage, toLiveMessage, type ConversationRow } from './message-store';
import { widgetState } from './snapshots';
import { CHAT_TEXT } from './texts';

type Payload<E extends keyof typeof widgetClientEvents> = z.output<(typeof widgetClientEvents)[E]>;

/** The assistant as the engine calls it (src/server/bot/assistant.ts). */
export interface ChatBot {
  answerTurn(db: Db, input: { organizationId: number; idVa: number; conversationId: string; text: string; attachments: FileRef[]; consecutiveFailures: number; now: Date; channelId?: number }): Promise<BotTurnResult>;
  /** channelId: the conversation's channel, whose answer elements it cannot show are sent as their fallback text (bot/channels.ts). */
  welcomeTurn(db: Db, input: { organizationId: number; idVa: number; channelId?: number }): Promise<BotTurnResult>;
  /** Loads the virtual agent's workspace and (re)trains its model in the background when it changed (Assistant.refresh). */
  refresh?(organizationId: number, idVa: number): Promise<void>;
}

/** The web chat's channel (channel_types 'channel3' Web). */
export const WEB_CHANNEL_ID = 3;

export function hashWidgetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const DUMMY_HASH = hashWidgetToken('no-such-conversation');

/** Whether the organisation is active and the virtual agent is one of its own. */
export async function checkWidgetOrigin(db: Db, org: number, va: number): Promise<string | null> {
  const [organization] = await db.select({ isActive: organizations.isActive }).from(organizations).where(eq(organizations.idOrg, org));
  if (!organization?.isActive) return CHAT_TEXT.organizationUnavailable;
  const [assistant] = await db
    .select({ idVa: virtualAgents.idVa })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, va), eq(virtualAgents.organizationId, org)));
  return assistant ? null : CHAT_TEXT.assistantUnavailable;
}

/** The conversation a resume token opens, or null (compared in constant time, also when the conversation does not exist). */
export async function conversationForToken(db: Db, conversationId: string, token: string): Promise<ConversationRow | null> {
  const [conv] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
  const expected = Buffer.from(conv?.widgetTokenHash ?? DUMMY_HASH, 'hex');
  const given = Buffer.from(hashWidgetToken(token), 'hex');
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  return conv && same ? conv : null;
}

function botMessage(result: BotTurnResult, now: Date) {
  const options = result.items.some((i) => i.itemType === OPTIONS_ITEM_TYPE);
  return {
    clientId: null,
    tipoMensaje: options ? ('OPCIONES' as const) : ('TEXTO' as const),
    tipoUsuario: 'BOT' as const,
    mensaje: result.text,
    adjunto: null,
    items: result.items,
    agentId: null,
    at: now
  };
}

/**
 * Starts a conversation from the entry form: answers validated against the virtual agent's form,
 * the customer upserted by document, the conversation created with the assistant (BOT, channel
 * Web) and a random resume token (only its sha256 is kept), and the assistant's greeting stored.
 */
export async function startConversation(
  step: Step,
  bot: ChatBot,
  origin: { org: number; va: number; current: string | null },
  p: Payload<'widget:start'>
): Promise<WidgetAckData['widget:start']> {
  const { tx, now } = step;
  if (origin.current !== null) {
    const [current] = await tx.select({ status: conversations.status }).from(conversations).where(eq(conversations.idConv, origin.current));
    if (current && current.status !== 'FINALIZADA') throw conflict(CHAT_TEXT.conversationOpen);
  }
  // Issue 38: with the entry form switched off the chat starts without it (answers sent anyway are
  // not kept); with it on, a start without the answers the form requires is refused.
  const form = (await featureOn(tx, origin.va, 'entryForm')) ? await loadEntryForm(tx, origin.org, origin.va) : [];
  const answers = form.length === 0 ? {} : p.fields;
  const { data, cityId, consentTextId } = validateAnswers(form, answers, await regionsForForm(tx, origin.org, form));
  const customerId = await upsertCustomer(tx, origin.org, customerFacts(form, data), now, cityId);
  const conversationId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await tx.insert(conversations).values({
    idConv: conversationId,
    organizationId: origin.org,
    idVa: origin.va,
    channelId: WEB_CHANNEL_ID,
    customerId,
    customerData: data,
    cityId,
    consentTextId,
    consentAcceptedAt: consentTextId === null ? null : now,
    status: 'BOT',
    startedAt: now,
    lastCustomerActivityAt: now,
    widgetTokenHash: hashWidgetToken(token)
  });
  const greeting = await bot.welcomeTurn(tx, { organizationId: origin.org, idVa: origin.va, channelId: WEB_CHANNEL_ID });
  const stored = await storeMessage(tx, conversationId, botMessage(greeting, now));
  const conv = await lockConversation(tx, conversationId);
  if (!conv) throw new Error(`startConversation: ${conversationId} vanished`);
  return { conversationId, token, state: await widgetState(tx, conv), messages: [toLiveMessage(stored.row, 'widget')] };
}

async function lockOpen(tx: Db, conversationId: string): Promise<ConversationRow> {
  const conv = await lockConversation(tx, conversationId);
  if (!conv) throw notFound(CHAT_TEXT.conversationNotFound);
  return conv;
}

/**
 * Stores the customer's message (a retry with the same clientId answers the stored one and does
 * nothing else). With the assistant, its answer is stored right after, and an escalation puts the
 * conversation in the queue.
 */
export async function customerMessage(step: Step, bot: ChatBot, conversationId: string, p: Payload<'widget:message'>): Promise<LiveMessage> {
  const { tx, now, fx } = step;
  const conv = await lockOpen(tx, conversationId);
  if (conv.status === 'FINALIZADA') {
    // A retry whose first ack was lost before the chat ended still answers the stored message.
    const repeat = await findByClientId(tx, conv.idConv, p.clientId);
    if (repeat?.tipoUsuario === 'CLIENTE') return toLiveMessage(repeat, 'widget');
    throw conflict(CHAT_TEXT.conversationEnded);
  }
  // Issue 38: the toggles are read only when the message needs one (a plain text costs nothing more).
  if (p.attachment && !(await featureOn(tx, conv.idVa, 'attachments'))) throw forbidden(CHAT_TEXT.attachmentsOff);
  const adjunto = p.attachment ? await resolveAttachment(tx, conv, p.attachment, 'customer') : null;
  const text = p.text.trim();
  const stored = await storeMessage(
    tx,
    conv.idConv,
    { clientId: p.clientId, tipoMensaje: adjunto ? 'ARCHIVO' : 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: text, adjunto, items: null, agentId: null, at: now },
    'customer'
  );
  if (!stored.created) {
    if (stored.row.tipoUsuario !== 'CLIENTE') throw badRequest(CHAT_TEXT.invalidPayload);
    return toLiveMessage(stored.row, 'widget');
  }
  fx.message(isOpenWithAgent(conv) ? conv.agentId : null, stored.row);

  if (conv.status === 'BOT') {
    const result = await bot.answerTurn(tx, {
      organizationId: conv.organizationId,
      idVa: conv.idVa,
      conversationId: conv.idConv,
      text,
      attachments: adjunto ? [adjunto] : [],
      consecutiveFailures: conv.botFailures,
      now,
      channelId: conv.channelId
    });
    const reply = await storeMessage(tx, conv.idConv, botMessage(result, now));
    fx.message(null, reply.row);
    const [after] = await tx
      .update(conversations)
      .set({ botFailures: result.answered ? 0 : Math.min(conv.botFailures + 1, 1000) })
      .where(eq(conversations.idConv, conv.idConv))
      .returning();
    // The assistant already answers without a hand-over when escalation is off (bot/assistant.ts); a bot that does not is not obeyed.
    if (result.escalate && after && (await featureOn(tx, conv.idVa, 'escalation'))) await escalate(step, after, result.escalate.splitId, result.escalate.reason);
  }
  return toLiveMessage(stored.row, 'widget');
}

export async function customerUpload(step: Step, conversationId: string, p: Payload<'widget:upload'>): Promise<z.infer<typeof AttachmentRef>> {
  const conv = await lockOpen(step.tx, conversationId);
  if (p.conversationId !== undefined && p.conversationId !== conversationId) throw badRequest(CHAT_TEXT.uploadOtherConversation);
  if (conv.status === 'FINALIZADA') throw conflict(CHAT_TEXT.conversationEnded);
  if (!(await featureOn(step.tx, conv.idVa, 'attachments'))) throw forbidden(CHAT_TEXT.attachmentsOff);
  return storeCustomerUpload(step.tx, conv, p, step.now);
}

export async function customerSync(db: Db, conversationId: string, p: Payload<'widget:sync'>): Promise<WidgetAckData['widget:sync']> {
  const [conv] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
  if (!conv) throw notFound(CHAT_TEXT.conversationNotFound);
  const rows = await listMessages(db, conversationId, p.afterSeq);
  return { state: await widgetState(db, conv), messages: rows.map((m) => toLiveMessage(m, 'widget')) };
}

/** The customer closes the chat (FCCC). Leaving a conversation already finished changes nothing. */
export async function customerLeave(step: Step, conversationId: string): Promise<WidgetState> {
  const conv = await lockOpen(step.tx, conversationId);
  const waiting = conv.status === 'EN_COLA' || conv.status === 'ASIGNADA';
  const ended = await endConversation(step, conv, { acronym: 'FCCC', endedBy: 'CLIENTE', notAttended: waiting ? 'ABANDONO' : null });
  return widgetState(step.tx, ended);
}

/** The satisfaction (1–5) and NPS (0–10) survey: once, and only once the conversation is finished. */
export async function customerSurvey(step: Step, conversationId: string, p: Payload<'widget:survey'>): Promise<WidgetState> {
  const conv = await lockOpen(step.tx, conversationId);
  if (conv.status !== 'FINALIZADA') throw conflict(CHAT_TEXT.surveyNotFinished);
  if (!(await featureOn(step.tx, conv.idVa, 'survey'))) throw forbidden(CHAT_TEXT.surveyOff);
  if (conv.surveyAt !== null) {
    // A retry whose first ack was lost carries the same answers: acknowledge it again.
    if (conv.satisfaction === p.satisfaction && conv.nps === p.nps) return widgetState(step.tx, conv);
    throw conflict(CHAT_TEXT.surveyAnswered);
  }
  const [answered] = await step.tx
    .update(conversations)
    .set({ satisfaction: p.satisfaction, nps: p.nps, surveyAt: step.now })
    .where(eq(conversations.idConv, conversationId))
    .returning();
  const state = await widgetState(step.tx, answered ?? conv);
  step.fx.widget(conversationId, 'widget:state', state);
  return state;
}
