import { and, asc, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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
  let nodes = trainableNodes.get(workspace.nodes);
  if (!nodes) {
    nodes = workspace.nodes.filter((n) => n.nodeId !== NOT_UNDERSTOOD_NODE && (n.intent.trim() !== '' || n.examples.length > 0));
    trainableNodes.set(workspace.nodes, nodes);
  }
  return { ...workspace, nodes };
}

/** The trainable nodes of a node list (the cache's lists are shared by turns: filtered once, and the same list keeps its training key). */
const trainableNodes = new WeakMap<readonly BotNode[], BotNode[]>();

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

const workspaceRow = { id: workspaces.id, defaultSplitId: workspaces.defaultSplitId, answer: workspaces.answerThreshold, options: workspaces.optionsThreshold, revision: workspaces.revision };
type WorkspaceRow = { id: number; defaultSplitId: number | null; answer: number; options: number; revision: number };

/** Workspaces whose nodes a cache keeps (the least recently used go first). */
const CACHED_WORKSPACES = 64;

/**
 * One database's workspace nodes, kept in memory by workspace revision (workspaces.revision, which
 * the database bumps with every change of a workspace's nodes or answer elements): a turn reads the
 * workspace's row and, while its revision stays the same, answers from the nodes it read before
 * instead of reading every node and element again. A workspace of 2,000 nodes read per turn made
 * each turn take over half a second, and the garbage of those reads grew the process by hundreds of
 * MB while its model retrained. Nodes are read after the revision: nodes kept under a revision are
 * at least that revision's, and a newer revision reads them again. One cache per database (the
 * assistant of a platform holds one): workspace ids of two databases are not the same workspaces.
 * The nodes it hands out are shared by every turn: read, never changed.
 */
export class WorkspaceCache {
  private readonly entries = new LRUCache<number, { revision: number; nodes: BotNode[] }>({ max: CACHED_WORKSPACES });

  nodes(workspaceId: number, revision: number): BotNode[] | undefined {
    const entry = this.entries.get(workspaceId);
    return entry?.revision === revision ? entry.nodes : undefined;
  }

  keep(workspaceId: number, revision: number, nodes: BotNode[]): void {
    this.entries.set(workspaceId, { revision, nodes });
  }
}

/** The workspace of a virtual agent of an organisation (the earliest when several), with its nodes and answers; null when none. */
export async function loadWorkspace(db: Db, organizationId: number, idVa: number, cache?: WorkspaceCache): Promise<BotWorkspace | null> {
  const [workspace] = await db
    .select(workspaceRow)
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.idVa, idVa)))
    .orderBy(asc(workspaces.id))
    .limit(1);
  return workspace ? withNodes(db, workspace, cache) : null;
}

/** One workspace of an organisation with its nodes and answers ('Probar' of the workspaces screen); null when it is not the organisation's. */
export async function loadWorkspaceById(db: Db, organizationId: number, workspaceId: number, cache?: WorkspaceCache): Promise<BotWorkspace | null> {
  const [workspace] = await db
    .select(workspaceRow)
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.id, workspaceId)));
  return workspace ? withNodes(db, workspace, cache) : null;
}

async function withNodes(db: Db, workspace: WorkspaceRow, cache: WorkspaceCache | undefined): Promise<BotWorkspace> {
  let nodes = cache?.nodes(workspace.id, workspace.revision);
  if (!nodes) {
    nodes = await readNodes(db, workspace.id);
    cache?.keep(workspace.id, workspace.revision, nodes);
  }
  return {
    id: workspace.id,
    defaultSplitId: workspace.defaultSplitId,
    // real columns: 0.6 reads back as 0.6000000238…
    thresholds: { answer: Math.round(workspace.answer * 1e4) / 1e4, options: Math.round(workspace.options * 1e4) / 1e4 },
    nodes
  };
}

async function readNodes(db: Db, workspaceId: number): Promise<BotNode[]> {
  const nodes = await db.select().from(responseNodes).where(eq(responseNodes.workspaceId, workspaceId)).orderBy(asc(responseNodes.id));
  const byNode = new Map<number, AnswerElementRow[]>();
  for (const e of await elementsOfNodes(db, nodes)) {
    const list = byNode.get(e.responseNodeId);
    if (list) list.push(e);
    else byNode.set(e.responseNodeId, [e]);
  }
  return nodes.map((n) => ({
    id: n.id,
    nodeId: n.nodeId,
    nodeName: n.nodeName,
    intent: n.intent,
    examples: n.examples,
    escalates: n.escalates === 1,
    escalateSplitId: n.escalateSplitId,
    elements: byNode.get(n.id) ?? []
  }));
}

/** The assistant's name, or null when the virtual agent is not the organisation's. */
export async function assistantName(db: Db, organizationId: number, idVa: number): Promise<string | null> {
  const [row] = await db
    .select({ name: virtualAgents.name })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, organizationId)));
  return row?.name ?? null;
}
