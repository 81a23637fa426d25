import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/types';
import { answerElements, responseNodes, virtualAgents, workspaces } from '../db/schema';
import type { AnswerElementRow } from './items';

export interface BotNode {
  id: number;
  nodeId: string;
  /** The name the assistant offers the node by when it is not sure ('¿Te refieres a…?'). */
  nodeName: string;
  intent: string;
  examples: string[];
  escalates: boolean;
  escalateSplitId: number | null;
  elements: AnswerElementRow[];
}

export interface BotWorkspace {
  id: number;
  defaultSplitId: number | null;
  /** The confidence from which a node answers, and from which the assistant offers options (workspaces.answer_threshold, options_threshold). */
  thresholds: { answer: number; options: number };
  /** In id order. */
  nodes: BotNode[];
}

/** The node whose answer is said when the assistant did not understand (Watson's 'anything_else'); never trained as an intent. */
export const NOT_UNDERSTOOD_NODE = 'anything_else';

/**
 * The workspace as its model is trained: without the not-understood node, nor a node with neither an
 * intent nor an example — one Watson reaches only through its dialog (a follow-up child node, whose
 * condition is 'true'): no customer text names it, and its name alone (often its id) is no phrase.
 */
export function trainable(workspace: BotWorkspace): BotWorkspace {
  return { ...workspace, nodes: workspace.nodes.filter((n) => n.nodeId !== NOT_UNDERSTOOD_NODE && (n.intent.trim() !== '' || n.examples.length > 0)) };
}

/** The answer elements of these response nodes (in no order; none without nodes). */
export async function elementsOfNodes(db: Db, nodes: readonly { id: number }[]): Promise<(typeof answerElements.$inferSelect)[]> {
  if (nodes.length === 0) return [];
  return db
    .select()
    .from(answerElements)
    .where(
      inArray(
        answerElements.responseNodeId,
        nodes.map((n) => n.id)
      )
    );
}

const workspaceRow = { id: workspaces.id, defaultSplitId: workspaces.defaultSplitId, answer: workspaces.answerThreshold, options: workspaces.optionsThreshold };

/** The workspace of a virtual agent of an organisation (the earliest when several), with its nodes and answers; null when none. */
export async function loadWorkspace(db: Db, organizationId: number, idVa: number): Promise<BotWorkspace | null> {
  const [workspace] = await db
    .select(workspaceRow)
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.idVa, idVa)))
    .orderBy(asc(workspaces.id))
    .limit(1);
  return workspace ? withNodes(db, workspace) : null;
}

/** One workspace of an organisation with its nodes and answers ('Probar' of the workspaces screen); null when it is not the organisation's. */
export async function loadWorkspaceById(db: Db, organizationId: number, workspaceId: number): Promise<BotWorkspace | null> {
  const [workspace] = await db
    .select(workspaceRow)
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.id, workspaceId)));
  return workspace ? withNodes(db, workspace) : null;
}

async function withNodes(db: Db, workspace: { id: number; defaultSplitId: number | null; answer: number; options: number }): Promise<BotWorkspace> {
  const nodes = await db.select().from(responseNodes).where(eq(responseNodes.workspaceId, workspace.id)).orderBy(asc(responseNodes.id));
  const elements = await elementsOfNodes(db, nodes);
  return {
    id: workspace.id,
    defaultSplitId: workspace.defaultSplitId,
    // real columns: 0.6 reads back as 0.6000000238…
    thresholds: { answer: Math.round(workspace.answer * 1e4) / 1e4, options: Math.round(workspace.options * 1e4) / 1e4 },
    nodes: nodes.map((n) => ({
      id: n.id,
      nodeId: n.nodeId,
      nodeName: n.nodeName,
      intent: n.intent,
      examples: n.examples,
      escalates: n.escalates === 1,
      escalateSplitId: n.escalateSplitId,
      elements: elements.filter((e) => e.responseNodeId === n.id)
    }))
  };
}

/** The assistant's name, or null when the virtual agent is not the organisation's. */
export async function assistantName(db: Db, organizationId: number, idVa: number): Promise<string | null> {
  const [row] = await db
    .select({ name: virtualAgents.name })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, organizationId)));
  return row?.name ?? null;
}
