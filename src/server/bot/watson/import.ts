import { asc, eq, inArray, sql } from 'drizzle-orm';
import { NodeId } from '../../../shared/domain/workspace';
import type { WatsonImportResult } from '../../../shared/domain/watson-import';
import { answerElements, responseNodes, workspaces } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { workspaceRepository } from '../../settings/repositories/workspaces';
import { elementsOfNodes } from '../workspace';
import type { WatsonExport } from './export-schema';
import { jsonPath, parseWatsonExport } from './parse';
import { planWatsonImport, type PlannedNode, type WatsonPlan } from './plan';

/**
 * The import of an IBM Watson Assistant v1 export into an organisation's workspace (issue 38). The
 * dry run and the apply read the same way: the export is parsed and planned (parse.ts, plan.ts),
 * then compared node by node (matched by dialog_node = response_nodes.node_id) with what the
 * workspace stores. Applying writes only what differs, in one transaction: a node already there is
 * updated in place (its row and id stay, so what links to it — its escalation split, its
 * interactions — stays linked), a new one is inserted; nodes the export does not have are left as
 * they are. Importing the same file again finds every node unchanged and writes nothing at all.
 */

/** The refusal of a malformed export: 400 naming the first problem, its JSON path and why. */
export const WATSON_INVALID_TEXT = 'El archivo de Watson no es válido';

const invalid = (path: string, reason: string) => new HttpError(400, `${WATSON_INVALID_TEXT}: ${path}: ${reason}`);

/** Parses the bytes and checks what Atiende needs beyond the export's own shape; throws the 400 of the first problem. */
export function readWatsonExport(bytes: Uint8Array | undefined): WatsonExport {
  if (!bytes || bytes.byteLength === 0) throw invalid('$', 'el archivo está vacío');
  const parsed = parseWatsonExport(bytes);
  if (!parsed.ok) throw invalid(parsed.path, parsed.reason);
  const data = parsed.data;
  const seen = new Set<string>();
  for (const [i, node] of (data.dialog_nodes ?? []).entries()) {
    const id = NodeId.safeParse(node.dialog_node);
    if (!id.success || id.data !== node.dialog_node) throw invalid(jsonPath(['dialog_nodes', i, 'dialog_node']), id.success ? 'no puede tener espacios al inicio o al final' : (id.error.issues[0]?.message ?? 'valor no válido').toLowerCase());
    if (seen.has(node.dialog_node)) throw invalid(jsonPath(['dialog_nodes', i, 'dialog_node']), `el nodo ${node.dialog_node} está repetido`);
    seen.add(node.dialog_node);
  }
  return data;
}

interface StoredNode {
  id: number;
  nodeId: string;
  nodeName: string;
  intent: string;
  examples: string[];
  escalates: number;
  elements: { type: number; value: string }[];
}

const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) => a.length === b.length && a.every((x, i) => same(x, b[i] as T));

/** The node as the export has it is exactly the one stored (elements in elementOrderPos order). */
function unchanged(planned: PlannedNode, stored: StoredNode): boolean {
  return (
    planned.name === stored.nodeName &&
    planned.intent === stored.intent &&
    (planned.escalates ? 1 : 0) === stored.escalates &&
    sameList(planned.examples, stored.examples, (x, y) => x === y) &&
    sameList(planned.elements, stored.elements, (x, y) => x.type === y.type && x.value === y.value)
  );
}

async function storedNodes(db: Db, workspaceId: number): Promise<Map<string, StoredNode>> {
  const nodes = await db
    .select({ id: responseNodes.id, nodeId: responseNodes.nodeId, nodeName: responseNodes.nodeName, intent: responseNodes.intent, examples: responseNodes.examples, escalates: responseNodes.escalates })
    .from(responseNodes)
    .where(eq(responseNodes.workspaceId, workspaceId))
    .orderBy(asc(responseNodes.id));
  const elements = (await elementsOfNodes(db, nodes)).sort((a, b) => a.elementOrderPos - b.elementOrderPos);
  const byNode = new Map<number, { type: number; value: string }[]>();
  for (const e of elements) byNode.set(e.responseNodeId, [...(byNode.get(e.responseNodeId) ?? []), { type: e.elementTypesIdType, value: e.elementValue }]);
  return new Map(nodes.map((n) => [n.nodeId, { ...n, elements: byNode.get(n.id) ?? [] }]));
}

interface Comparison {
  plan: WatsonPlan;
  stored: Map<string, StoredNode>;
  added: PlannedNode[];
  updated: PlannedNode[];
  unchanged: PlannedNode[];
}

function compare(plan: WatsonPlan, stored: Map<string, StoredNode>): Comparison {
  const result: Comparison = { plan, stored, added: [], updated: [], unchanged: [] };
  for (const node of plan.nodes) {
    const before = stored.get(node.nodeId);
    if (!before) result.added.push(node);
    else if (unchanged(node, before)) result.unchanged.push(node);
    else result.updated.push(node);
  }
  return result;
}

function summary(workspaceId: number, data: WatsonExport, c: Comparison, dryRun: boolean, applied: boolean): WatsonImportResult {
  const ids = (nodes: PlannedNode[]) => nodes.map((n) => n.nodeId);
  return {
    workspaceId,
    dryRun,
    applied,
    nodes: c.plan.nodes.length,
    intents: (data.intents ?? []).length,
    counts: c.plan.counts,
    added: ids(c.added),
    updated: ids(c.updated),
    unchanged: ids(c.unchanged),
    notCarried: c.plan.unsupported,
    missingRefs: c.plan.dangling
  };
}

/** Rows per INSERT (PostgreSQL takes at most 65535 parameters per statement). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function write(tx: Db, workspaceId: number, c: Comparison, now: Date): Promise<void> {
  const nodeRow = (n: PlannedNode) => ({ nodeName: n.name, intent: n.intent, examples: n.examples, escalates: n.escalates ? 1 : 0 });
  const elementRows: (typeof answerElements.$inferInsert)[] = [];
  const addElements = (responseNodeId: number, n: PlannedNode) =>
    n.elements.forEach((e, i) => elementRows.push({ responseNodeId, elementTypesIdType: e.type, elementOrderPos: i, elementValue: e.value }));

  const updated: { id: number; node: PlannedNode }[] = [];
  for (const n of c.updated) {
    const before = c.stored.get(n.nodeId);
    if (!before) continue;
    updated.push({ id: before.id, node: n });
    addElements(before.id, n);
  }
  // One UPDATE per chunk, not one per node: on PGlite every statement of this transaction holds the
  // platform's one connection and the event loop, and a re-import changes hundreds of nodes.
  for (const part of chunks(updated)) {
    const values = sql.join(
      part.map(({ id, node }) => {
        const row = nodeRow(node);
        return sql`(${id}::int, ${row.nodeName}::text, ${row.intent}::text, ${JSON.stringify(row.examples)}::jsonb, ${row.escalates}::smallint)`;
      }),
      sql`, `
    );
    await tx.execute(sql`
      update ${responseNodes} as r set
        node_name = v.node_name,
        intent = v.intent,
        examples = array(select e from jsonb_array_elements_text(v.examples) with ordinality as t(e, i) order by i),
        escalates = v.escalates
      from (values ${values}) as v(id, node_name, intent, examples, escalates)
      where r.id = v.id`);
  }
  for (const ids of chunks(updated.map((u) => u.id))) await tx.delete(answerElements).where(inArray(answerElements.responseNodeId, ids));
  for (const part of chunks(c.added)) {
    const inserted = await tx
      .insert(responseNodes)
      .values(part.map((n) => ({ workspaceId, nodeId: n.nodeId, ...nodeRow(n) })))
      .returning({ id: responseNodes.id, nodeId: responseNodes.nodeId });
    const idOf = new Map(inserted.map((r) => [r.nodeId, r.id]));
    for (const n of part) {
      const id = idOf.get(n.nodeId);
      if (id !== undefined) addElements(id, n);
    }
  }
  for (const part of chunks(elementRows)) await tx.insert(answerElements).values(part);
  await tx.update(workspaces).set({ updatedAt: now }).where(eq(workspaces.id, workspaceId));
}

export interface WatsonImportInput {
  orgId: number;
  workspaceId: number;
  bytes: Uint8Array | undefined;
  dryRun: boolean;
  now: Date;
}

/**
 * The dry run (reads only) or the import (one transaction, only when something differs). A malformed
 * export throws its 400 before anything is read from the workspace; another organisation's
 * workspace answers 404. `idVa`: whose assistant to retrain when something was written.
 */
export async function importWatsonExport(db: Db, input: WatsonImportInput): Promise<{ result: WatsonImportResult; idVa: number }> {
  const data = readWatsonExport(input.bytes);
  const plan = planWatsonImport(data);
  const workspace = await workspaceRepository.owned(db, input.orgId, input.workspaceId);
  if (input.dryRun) {
    const c = compare(plan, await storedNodes(db, workspace.id));
    return { result: summary(workspace.id, data, c, true, false), idVa: workspace.idVa };
  }
  return db.transaction(async (tx) => {
    // Read again inside the transaction, with the workspace row locked: two imports at once apply one after the other.
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspace.id)).for('update');
    const c = compare(plan, await storedNodes(tx, workspace.id));
    const changes = c.added.length + c.updated.length > 0;
    if (changes) await write(tx, workspace.id, c, input.now);
    return { result: summary(workspace.id, data, c, false, changes), idVa: workspace.idVa };
  });
}
