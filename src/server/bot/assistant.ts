import type { FileRef } from '../../shared/domain/chat';
import type { ResponseItem } from '../../shared/domain/interaction';
import type { Db } from '../db/types';
import { botInteractions } from '../db/schema';
import { bestMatch } from './matcher';
import { itemsToText, textItem, toResponseItems } from './items';
import { withPlatformFiles } from './files';
import { assistantName, loadWorkspace, type BotNode, type BotWorkspace } from './workspace';

/** automatic_transfer_reasons.code of an escalation by the assistant. */
export type BotEscalationReason = 'SOLICITUD_CLIENTE' | 'SIN_RESPUESTA';

export interface BotTurnInput {
  organizationId: number;
  idVa: number;
  conversationId: string;
  text: string;
  attachments: FileRef[];
  /** Consecutive turns before this one the assistant could not answer (conversations.bot_failures). */
  consecutiveFailures: number;
  now: Date;
}

export interface BotTurnResult {
  /** Plain-text rendering of the answer for LiveMessage.mensaje (items joined). */
  text: string;
  items: ResponseItem[];
  intent: string | null;
  answered: boolean;
  /** null: stay with the assistant. splitId null: the workspace's default split. */
  escalate: null | { splitId: number | null; reason: BotEscalationReason };
}

/** Unanswered turns in a row that hand the conversation to a human. */
export const MAX_CONSECUTIVE_FAILURES = 2;
/** The node whose answer greets the customer. */
export const WELCOME_NODE = 'bienvenida';

export const FALLBACK_TEXT = 'No entendí tu mensaje. ¿Puedes escribirlo de otra forma?';
export const FALLBACK_ESCALATE_TEXT = 'No entendí tu mensaje. Te comunico con un asesor para que te ayude.';
export const ESCALATE_TEXT = 'Te comunico con un asesor.';
const welcomeText = (name: string) => `¡Hola! Soy ${name}. ¿En qué puedo ayudarte?`;
const DEFAULT_ASSISTANT = 'el asistente virtual';

export function answerOf(node: BotNode, fallback: string | null): { items: ResponseItem[]; text: string } {
  const items = toResponseItems(node.elements);
  if (items.length === 0 && fallback !== null) return { items: [textItem(fallback)], text: fallback };
  return { items, text: itemsToText(items) };
}

function decide(workspace: BotWorkspace | null, input: BotTurnInput): BotTurnResult & { nodeId: number | null } {
  const match = workspace && input.text.trim() !== '' ? bestMatch(input.text, workspace.nodes) : null;
  if (match) {
    const node = match.candidate;
    const escalate = node.escalates ? { splitId: node.escalateSplitId ?? workspace?.defaultSplitId ?? null, reason: 'SOLICITUD_CLIENTE' as const } : null;
    const answer = answerOf(node, node.escalates ? ESCALATE_TEXT : null);
    return { ...answer, intent: node.intent, answered: true, escalate, nodeId: node.id };
  }
  const giveUp = input.consecutiveFailures + 1 >= MAX_CONSECUTIVE_FAILURES;
  const text = giveUp ? FALLBACK_ESCALATE_TEXT : FALLBACK_TEXT;
  return {
    text,
    items: [textItem(text)],
    intent: null,
    answered: false,
    escalate: giveUp ? { splitId: workspace?.defaultSplitId ?? null, reason: 'SIN_RESPUESTA' } : null,
    nodeId: null
  };
}

/** Answers one customer turn from the virtual agent's workspace and records the bot_interactions row (in `db`, which may be a transaction). */
export async function answerTurn(db: Db, input: BotTurnInput): Promise<BotTurnResult> {
  const workspace = await loadWorkspace(db, input.organizationId, input.idVa);
  const { nodeId, ...decided } = decide(workspace, input);
  const result = { ...decided, items: await withPlatformFiles(db, input.organizationId, decided.items) };
  result.text = itemsToText(result.items);
  const context = input.attachments.length > 0 ? { fileArrayAttachment: input.attachments } : {};
  await db.insert(botInteractions).values({
    conversationId: input.conversationId,
    organizationId: input.organizationId,
    idVa: input.idVa,
    interactionTime: input.now,
    requestData: JSON.stringify({ text: input.text, context }),
    responseAnswer: JSON.stringify({ responseItems: result.items }),
    intent: result.intent,
    responseNodeId: nodeId,
    answered: result.answered,
    escalated: result.escalate !== null
  });
  return result;
}

/** The greeting when a conversation starts (the workspace's 'bienvenida' node); records nothing. */
export async function welcomeTurn(db: Db, input: { organizationId: number; idVa: number }): Promise<BotTurnResult> {
  const workspace = await loadWorkspace(db, input.organizationId, input.idVa);
  const node = workspace?.nodes.find((n) => n.nodeId === WELCOME_NODE) ?? workspace?.nodes.find((n) => n.intent === WELCOME_NODE);
  if (node && node.elements.length > 0) {
    const items = await withPlatformFiles(db, input.organizationId, answerOf(node, null).items);
    return { text: itemsToText(items), items, intent: node.intent, answered: true, escalate: null };
  }
  const text = welcomeText((await assistantName(db, input.organizationId, input.idVa)) ?? DEFAULT_ASSISTANT);
  return { text, items: [textItem(text)], intent: node?.intent ?? null, answered: true, escalate: null };
}
