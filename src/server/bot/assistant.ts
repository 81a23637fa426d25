import type { FileRef } from '../../shared/domain/chat';
import type { ResponseItem } from '../../shared/domain/interaction';
import type { Db } from '../db/types';
import { botInteractions } from '../db/schema';
import { featureOn } from '../settings/repositories/features';
import { ITEM_TYPES, itemsToText, textItem, toResponseItems } from './items';
import { withPlatformFiles } from './files';
import { ModelRegistry, type ModelRegistryOptions, type WorkspaceModel } from './models';
import { prepareText, properNames } from './text';
import { understand, type Understanding } from './understand';
import type { TryWorkspaceResult } from '../../shared/domain/workspace';
import { forChannel } from './channels';
import { assistantName, loadWorkspace, loadWorkspaceById, NOT_UNDERSTOOD_NODE, trainable, WorkspaceCache, type BotNode, type BotWorkspace } from './workspace';

/** A conversation's start: its organisation, virtual agent and channel (absent: the web chat). */
export interface WelcomeInput {
  organizationId: number;
  idVa: number;
  channelId?: number;
}

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
  /** The conversation's channel (channel_types): elements it cannot show are sent as their fallback text (channels.ts). Absent: the web chat. */
  channelId?: number;
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
/** The node that answers a farewell. */
export const FAREWELL_NODE = 'despedida';
/** Nodes (by node id or intent) that only greet or say goodbye: a question beside them wins, and they are never offered as options. */
const SOCIAL_NODES: ReadonlySet<string> = new Set([WELCOME_NODE, 'saludo', FAREWELL_NODE]);

export const FALLBACK_TEXT = 'No entendí tu mensaje. ¿Puedes escribirlo de otra forma?';
export const FALLBACK_ESCALATE_TEXT = 'No entendí tu mensaje. Te comunico con un asesor para que te ayude.';
export const ESCALATE_TEXT = 'Te comunico con un asesor.';
/** Issue 38: what the assistant says instead of a hand-over while escalation is switched off. */
export const NO_ESCALATION_TEXT = 'En este momento no es posible comunicarte con un asesor. Puedo seguir ayudándote por aquí.';
export const FALLBACK_NO_ESCALATION_TEXT = 'No entendí tu mensaje. En este momento no es posible comunicarte con un asesor; ¿puedes escribirlo de otra forma?';
/** Above the options: the assistant is not sure which of a few nodes the customer means. */
export const OPTIONS_TEXT = 'No estoy seguro de haberte entendido. ¿Te refieres a…?';
const welcomeText = (name: string) => `¡Hola! Soy ${name}. ¿En qué puedo ayudarte?`;
const DEFAULT_ASSISTANT = 'el asistente virtual';

export function answerOf(node: BotNode, fallback: string | null, channelId?: number): { items: ResponseItem[]; text: string } {
  const items = toResponseItems(forChannel(node.elements, channelId));
  if (items.length === 0 && fallback !== null) return { items: [textItem(fallback)], text: fallback };
  return { items, text: itemsToText(items) };
}

/**
 * What the assistant understands of a customer's text with the workspace's model: a text that is
 * exactly one of a node's examples or its name (an option the customer tapped) is that node;
 * anything else is read by the model (understand.ts) with the workspace's thresholds.
 */
export async function understandTurn(workspace: BotWorkspace, model: WorkspaceModel, text: string): Promise<Understanding> {
  const exact = model.exactNode(prepareText(text));
  if (exact !== null) return { kind: 'answer', nodeId: exact, score: 1, evidence: 1 };
  const social = new Set(workspace.nodes.filter((n) => SOCIAL_NODES.has(n.nodeId) || SOCIAL_NODES.has(n.intent)).map((n) => n.nodeId));
  return understand(model.intents, text, workspace.thresholds, social, properNames(workspace.nodes.flatMap((n) => n.examples)));
}

function notUnderstood(workspace: BotWorkspace | null, input: TurnContext): Decision {
  const giveUp = input.consecutiveFailures + 1 >= MAX_CONSECUTIVE_FAILURES;
  const text = giveUp ? FALLBACK_ESCALATE_TEXT : FALLBACK_TEXT;
  // The workspace's own not-understood answer, when it has one (the hand-over still follows the second miss).
  const own = workspace?.nodes.find((n) => n.nodeId === NOT_UNDERSTOOD_NODE);
  const items = own && own.elements.length > 0 && !giveUp ? answerOf(own, null, input.channelId).items : [textItem(text)];
  return {
    text: itemsToText(items),
    items,
    intent: null,
    answered: false,
    escalate: giveUp ? { splitId: workspace?.defaultSplitId ?? null, reason: 'SIN_RESPUESTA' } : null,
    nodeId: null
  };
}

type Decision = BotTurnResult & { nodeId: number | null };
/** What a decision reads of the turn. */
type TurnContext = Pick<BotTurnInput, 'consecutiveFailures' | 'channelId'>;

/**
 * A classifier other than the workspaces' NLP.js models (createAssistant's `classify`): with it no
 * model is trained, loaded or warmed up. The `chat` bench's run without the NLP.js classifier.
 */
export type TurnClassifier = (workspace: BotWorkspace, text: string) => Understanding;

/** `result`: what the classifier made of the text (null: no workspace, no model, or an empty text). */
function decide(workspace: BotWorkspace | null, result: Understanding | null, input: TurnContext): Decision {
  if (!workspace || !result) return notUnderstood(workspace, input);
  const byId = new Map(workspace.nodes.map((n) => [n.nodeId, n]));
  if (result.kind === 'answer') {
    const node = byId.get(result.nodeId);
    if (!node) return notUnderstood(workspace, input);
    const escalate = node.escalates ? { splitId: node.escalateSplitId ?? workspace.defaultSplitId ?? null, reason: 'SOLICITUD_CLIENTE' as const } : null;
    const answer = answerOf(node, node.escalates ? ESCALATE_TEXT : null, input.channelId);
    return { ...answer, intent: node.intent, answered: true, escalate, nodeId: node.id };
  }
  if (result.kind === 'options') {
    const names = [...new Set(result.nodeIds.flatMap((nodeId) => byId.get(nodeId)?.nodeName ?? []))];
    if (names.length === 0) return notUnderstood(workspace, input);
    // Not answered (the statistics and the count of failed turns say so), but it hands nothing over: the customer picks.
    const items: ResponseItem[] = [{ itemType: ITEM_TYPES.options, itemValue: OPTIONS_TEXT, itemOptions: names, itemFile: null }];
    return { text: itemsToText(items), items, intent: null, answered: false, escalate: null, nodeId: null };
  }
  return notUnderstood(workspace, input);
}

/** The decision without its hand-over: the customer is told no agent can take the chat now. */
function withoutHandOver(decision: Decision): Decision {
  const text = decision.escalate?.reason === 'SIN_RESPUESTA' ? FALLBACK_NO_ESCALATION_TEXT : NO_ESCALATION_TEXT;
  return { ...decision, items: [textItem(text)], text, escalate: null };
}

export interface Assistant {
  /**
   * Answers one customer turn from the virtual agent's workspace and records the bot_interactions
   * row (in `db`, which may be the turn's transaction).
   */
  answerTurn(db: Db, input: BotTurnInput): Promise<BotTurnResult>;
  /** The greeting when a conversation starts (the workspace's 'bienvenida' node); records nothing. */
  welcomeTurn(db: Db, input: WelcomeInput): Promise<BotTurnResult>;
  /**
   * 'Probar' (workspaces screen): what the assistant makes of a sentence with this workspace of the
   * organisation, as a first turn of the web chat would get it, recording nothing. Null when the
   * workspace is not the organisation's.
   */
  tryTurn(db: Db, input: { organizationId: number; workspaceId: number; text: string }): Promise<TryWorkspaceResult | null>;
  /** Loads or trains every workspace's model, so no customer waits for a training (at start). */
  warmUp(): Promise<void>;
  /** Loads or (re)trains one virtual agent's model now, after its workspace changed in bulk (a Watson import). */
  refresh(organizationId: number, idVa: number): Promise<void>;
  /** Waits for the trainings and model writes under way. */
  close(): Promise<void>;
}

export interface AssistantOptions extends ModelRegistryOptions {
  /** Classifies turns instead of the workspaces' NLP.js models (TurnClassifier); absent: NLP.js, as the platform runs. */
  classify?: TurnClassifier;
}

/** The virtual assistant of a platform: its workspaces' models live with `options.db` (the platform's database, not a transaction). */
export function createAssistant(options: AssistantOptions): Assistant {
  const { classify } = options;
  const models = classify ? null : new ModelRegistry(options);
  // The nodes of this platform's workspaces, read again only when a workspace's revision changed.
  const cache = new WorkspaceCache();
  const understandText = async (db: Db, workspace: BotWorkspace, text: string): Promise<Understanding | null> => {
    if (classify) return classify(workspace, text);
    const model = await models?.modelFor(db, trainable(workspace));
    return model ? understandTurn(workspace, model, text) : null;
  };
  return {
    async answerTurn(db, input) {
      const workspace = await loadWorkspace(db, input.organizationId, input.idVa, cache);
      const understood = workspace && input.text.trim() !== '' ? await understandText(db, workspace, input.text) : null;
      const decision = decide(workspace, understood, input);
      // Issue 38: with escalation switched off the assistant never hands over, and says so.
      const { nodeId, ...decided } = decision.escalate && !(await featureOn(db, input.idVa, 'escalation')) ? withoutHandOver(decision) : decision;
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
    },
    welcomeTurn: (db, input) => welcomeTurn(db, input, cache),
    async tryTurn(db, input) {
      const workspace = await loadWorkspaceById(db, input.organizationId, input.workspaceId, cache);
      if (!workspace) return null;
      const understood = input.text.trim() !== '' ? await understandText(db, workspace, input.text) : null;
      const decided = decide(workspace, understood, { consecutiveFailures: 0 });
      const items = await withPlatformFiles(db, input.organizationId, decided.items);
      const kind = understood?.kind ?? 'none';
      const nodeId = understood?.kind === 'answer' ? understood.nodeId : understood?.kind === 'options' ? (understood.nodeIds[0] ?? null) : null;
      const node = workspace.nodes.find((n) => n.nodeId === nodeId);
      return {
        kind,
        nodeId: node?.nodeId ?? null,
        intent: node?.intent ?? null,
        confidence: understood && understood.kind !== 'none' ? Math.round(understood.score * 1e4) / 1e4 : null,
        escalates: decided.escalate !== null,
        items,
        text: itemsToText(items)
      };
    },
    warmUp: async () => models?.warmUp(),
    async refresh(organizationId, idVa) {
      if (!models) return;
      const workspace = await loadWorkspace(options.db, organizationId, idVa, cache);
      if (workspace) await models.modelFor(options.db, trainable(workspace));
    },
    close: async () => models?.close()
  };
}

/** The greeting when a conversation starts (the workspace's 'bienvenida' node); records nothing. `cache`: the assistant's, when it asks. */
export async function welcomeTurn(db: Db, input: WelcomeInput, cache?: WorkspaceCache): Promise<BotTurnResult> {
  const workspace = await loadWorkspace(db, input.organizationId, input.idVa, cache);
  const node = workspace?.nodes.find((n) => n.nodeId === WELCOME_NODE) ?? workspace?.nodes.find((n) => n.intent === WELCOME_NODE);
  if (node && node.elements.length > 0) {
    const items = await withPlatformFiles(db, input.organizationId, answerOf(node, null, input.channelId).items);
    return { text: itemsToText(items), items, intent: node.intent, answered: true, escalate: null };
  }
  const text = welcomeText((await assistantName(db, input.organizationId, input.idVa)) ?? DEFAULT_ASSISTANT);
  return { text, items: [textItem(text)], intent: node?.intent ?? null, answered: true, escalate: null };
}
