import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ANSWER_TYPES, sortAnswerDetails, type Answer, type DeleteAnswer, type UpdateWorkspaceThresholds, type UpsertAnswer, type Workspace, type WorkspaceUpdateSummary } from '../../../shared/domain/workspace';
import { answerElements, responseNodes, workspaces } from '../../db/schema';
import type { Db } from '../../db/types';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';
import { elementsOfNodes } from '../../bot/workspace';

/**
 * The organisation's workspaces and the answers of their response nodes (workspaces screen). Every
 * statement is scoped to the caller's organisation: a workspace of another one answers 404. The
 * assistant reads the workspace afresh each turn (src/server/bot/workspace.ts), so a saved answer
 * is given on the next customer turn.
 */

/** The five types an admin edits; other stored elements (9 Opciones, seeded or imported) are kept as they are. */
const EDITABLE_TYPES: number[] = Object.values(ANSWER_TYPES);

const workspaceColumns = {
  id: workspaces.id,
  idVa: workspaces.idVa,
  name: workspaces.name,
  description: workspaces.description,
  updatedAt: workspaces.updatedAt,
  answerThreshold: workspaces.answerThreshold,
  optionsThreshold: workspaces.optionsThreshold
};

/** real columns: 0.6 reads back as 0.6000000238… (the assistant rounds them the same way, bot/workspace.ts). */
const threshold = (n: number) => Math.round(n * 1e4) / 1e4;

function toWorkspace(row: { id: number; idVa: number; name: string; description: string; updatedAt: Date; answerThreshold: number; optionsThreshold: number }): Workspace {
  return { ...row, updatedAt: row.updatedAt.toISOString(), answerThreshold: threshold(row.answerThreshold), optionsThreshold: threshold(row.optionsThreshold) };
}

async function ownWorkspace(db: Db, orgId: number, workspaceId: number): Promise<Workspace> {
  const [row] = await db
    .select(workspaceColumns)
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, orgId)));
  return toWorkspace(found(row, SETTINGS_TEXT.workspaceNotFound));
}

async function nodeOf(db: Db, orgId: number, workspaceId: number, nodeId: string) {
  await ownWorkspace(db, orgId, workspaceId);
  const [node] = await db
    .select({ id: responseNodes.id, nodeId: responseNodes.nodeId, nodeName: responseNodes.nodeName })
    .from(responseNodes)
    .where(and(eq(responseNodes.workspaceId, workspaceId), eq(responseNodes.nodeId, nodeId)));
  return found(node, SETTINGS_TEXT.responseNodeNotFound);
}

async function answersOf(db: Db, workspaceId: number, nodes: readonly { id: number; nodeId: string; nodeName: string }[]): Promise<Answer[]> {
  const elements = await elementsOfNodes(db, nodes);
  return nodes.map((n) => ({
    workspaceId,
    nodeId: n.nodeId,
    nodeName: n.nodeName,
    details: sortAnswerDetails(elements.filter((e) => e.responseNodeId === n.id)).map((e) => ({
      elementTypesIdType: e.elementTypesIdType,
      elementOrderPos: e.elementOrderPos,
      elementValue: e.elementValue,
      elementFallback: e.fallbackText
    }))
  }));
}

export const workspaceRepository = {
  /** The organisation's workspace (404 'El workspace no existe' for another organisation's or an unknown one). */
  owned: ownWorkspace,

  async list(db: Db, orgId: number, idVa: number | undefined): Promise<Workspace[]> {
    const scope = idVa === undefined ? eq(workspaces.organizationId, orgId) : and(eq(workspaces.organizationId, orgId), eq(workspaces.idVa, idVa));
    const rows = await db.select(workspaceColumns).from(workspaces).where(scope).orderBy(asc(workspaces.id));
    return rows.map(toWorkspace);
  },

  /** The workspace's response nodes (in id order, as the assistant reads them) with their answers. */
  async answers(db: Db, orgId: number, workspaceId: number): Promise<Answer[]> {
    await ownWorkspace(db, orgId, workspaceId);
    const nodes = await db
      .select({ id: responseNodes.id, nodeId: responseNodes.nodeId, nodeName: responseNodes.nodeName })
      .from(responseNodes)
      .where(eq(responseNodes.workspaceId, workspaceId))
      .orderBy(asc(responseNodes.id));
    return answersOf(db, workspaceId, nodes);
  },

  async nodeAnswer(db: Db, orgId: number, workspaceId: number, nodeId: string): Promise<Answer> {
    const node = await nodeOf(db, orgId, workspaceId, nodeId);
    const [answer] = await answersOf(db, workspaceId, [node]);
    return found(answer, SETTINGS_TEXT.responseNodeNotFound);
  },

  /**
   * Replaces the node's editable elements with the given ones (in one transaction). Elements of
   * other types the node holds (9 Opciones) are kept, after the new ones. `created`: the node had
   * no answer before ('Respuesta creada' rather than 'Respuesta actualizada').
   */
  async upsert(db: Db, orgId: number, input: z.output<typeof UpsertAnswer>, now: Date): Promise<{ answer: Answer; created: boolean }> {
    return db.transaction(async (tx) => {
      const node = await nodeOf(tx, orgId, input.workspaceId, input.nodeId);
      const before = await tx.select().from(answerElements).where(eq(answerElements.responseNodeId, node.id));
      const kept = sortAnswerDetails(before.filter((e) => !EDITABLE_TYPES.includes(e.elementTypesIdType)));
      const details = sortAnswerDetails(input.details);
      const last = Math.max(...details.map((d) => d.elementOrderPos));
      await tx.delete(answerElements).where(eq(answerElements.responseNodeId, node.id));
      await tx.insert(answerElements).values([
        ...details.map((d) => ({ responseNodeId: node.id, elementTypesIdType: d.elementTypesIdType, elementOrderPos: d.elementOrderPos, elementValue: d.elementValue, fallbackText: d.elementFallback ?? '' })),
        ...kept.map((e, i) => ({ responseNodeId: node.id, elementTypesIdType: e.elementTypesIdType, elementOrderPos: last + 1 + i, elementValue: e.elementValue, fallbackText: e.fallbackText }))
      ]);
      await tx.update(workspaces).set({ updatedAt: now }).where(eq(workspaces.id, input.workspaceId));
      const [answer] = await answersOf(tx, input.workspaceId, [node]);
      return { answer: found(answer, SETTINGS_TEXT.responseNodeNotFound), created: before.length === 0 };
    });
  },

  /** Removes the node's editable elements (the node stays: the assistant then says it has no answer for it). */
  async remove(db: Db, orgId: number, input: z.output<typeof DeleteAnswer>, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const node = await nodeOf(tx, orgId, input.workspaceId, input.nodeId);
      const removedRows = await tx
        .delete(answerElements)
        .where(and(eq(answerElements.responseNodeId, node.id), inArray(answerElements.elementTypesIdType, EDITABLE_TYPES)))
        .returning({ id: answerElements.id });
      found(removedRows[0], SETTINGS_TEXT.answerNotFound);
      await tx.update(workspaces).set({ updatedAt: now }).where(eq(workspaces.id, input.workspaceId));
    });
  },

  /** The workspace's answer and options thresholds (already checked: 0 ≤ options ≤ answer ≤ 1); the assistant's next turn reads them. */
  async updateThresholds(db: Db, orgId: number, workspaceId: number, input: z.output<typeof UpdateWorkspaceThresholds>, now: Date): Promise<Workspace> {
    const [row] = await db
      .update(workspaces)
      .set({ answerThreshold: input.answerThreshold, optionsThreshold: input.optionsThreshold, updatedAt: now })
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, orgId)))
      .returning(workspaceColumns);
    return toWorkspace(found(row, SETTINGS_TEXT.workspaceNotFound));
  },

  /**
   * SPEC §3's workspace update summary, read from the database: the platform keeps the workspace
   * itself (there is no external master to pull from), so nothing new comes from a master; the
   * response nodes still without an answer are listed as new, those with one as up to date.
   */
  async sync(db: Db, orgId: number, workspaceId: number): Promise<WorkspaceUpdateSummary> {
    const workspace = await ownWorkspace(db, orgId, workspaceId);
    const answers = await this.answers(db, orgId, workspaceId);
    const unanswered = answers.filter((a) => a.details.length === 0);
    return {
      includeWorkpaceData: true,
      integrationResult: true,
      listNewAnswersConfigElement: [],
      listNewAnswersConfigElementFromMaster: [],
      listNewResponseNodes: unanswered.map((a) => ({ nodeId: a.nodeId, nodeName: a.nodeName })),
      listUpdatedResponseNodes: [],
      workpaceData: workspace,
      workspaceUpdateResponse: `${answers.length} nodos de respuesta, ${unanswered.length} sin respuesta`
    };
  }
};

