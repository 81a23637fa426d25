import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/types';
import { answerElements, responseNodes, virtualAgents, workspaces } from '../db/schema';
import type { AnswerElementRow } from './items';

export interface BotNode {
  id: number;
  nodeId: string;
  intent: string;
  examples: string[];
  escalates: boolean;
  escalateSplitId: number | null;
  elements: AnswerElementRow[];
}

export interface BotWorkspace {
  id: number;
  defaultSplitId: number | null;
  /** In id order: ties between equally good matches go to the earlier node. */
  nodes: BotNode[];
}

/** The workspace of a virtual agent of an organisation (the earliest when several), with its nodes and answers; null when none. */
export async function loadWorkspace(db: Db, organizationId: number, idVa: number): Promise<BotWorkspace | null> {
  const [workspace] = await db
    .select({ id: workspaces.id, defaultSplitId: workspaces.defaultSplitId })
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.idVa, idVa)))
    .orderBy(asc(workspaces.id))
    .limit(1);
  if (!workspace) return null;
  const nodes = await db.select().from(responseNodes).where(eq(responseNodes.workspaceId, workspace.id)).orderBy(asc(responseNodes.id));
  const elements =
    nodes.length === 0
      ? []
      : await db
          .select()
          .from(answerElements)
          .where(
            inArray(
              answerElements.responseNodeId,
              nodes.map((n) => n.id)
            )
          );
  return {
    id: workspace.id,
    defaultSplitId: workspace.defaultSplitId,
    nodes: nodes.map((n) => ({
      id: n.id,
      nodeId: n.nodeId,
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
