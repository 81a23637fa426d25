import { ITEM_TYPES } from '../items';
import type { WatsonExport, WatsonGeneric, WatsonNode } from './export-schema';

/** One element of an answer as answer_elements stores it (SPEC §3: Texto=1 … Video=5, 9 options). */
export interface PlannedElement {
  type: number;
  value: string;
}

/** A dialog node as the import would store it (response_nodes.node_id = dialog_node). */
export interface PlannedNode {
  nodeId: string;
  name: string;
  intent: string;
  examples: string[];
  escalates: boolean;
  elements: PlannedElement[];
}

/** What a node holds that Atiende cannot carry over: listed, never silently dropped. */
export interface Unsupported {
  nodeId: string;
  what: string;
}

/** A node's reference to a node (or intent) the export does not have. */
export interface Dangling {
  nodeId: string;
  field: 'parent' | 'previous_sibling' | 'next_step' | 'intent';
  ref: string;
}

export interface WatsonPlan {
  /** Every node, in dialog order (parent before children, siblings by previous_sibling). */
  nodes: PlannedNode[];
  counts: { byNodeType: Record<string, number>; byResponseType: Record<string, number> };
  unsupported: Unsupported[];
  dangling: Dangling[];
}

const EXPRESSION = /<\?[\s\S]*?\?>/;
const INTENT = /#([\p{L}\p{N}_.-]+)/u;

/**
 * The export's nodes in dialog order: each parent's children chained by previous_sibling (the
 * first is the one with none, or one that names a node outside its siblings), depth first. Nodes a
 * broken chain leaves out (a cycle) follow their chained siblings in array order.
 */
export function orderNodes(nodes: readonly WatsonNode[]): WatsonNode[] {
  const ids = new Set(nodes.map((n) => n.dialog_node));
  const children = new Map<string | null, WatsonNode[]>();
  for (const n of nodes) {
    const parent = n.parent && ids.has(n.parent) ? n.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const ordered: WatsonNode[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null) => {
    const siblings = children.get(parent) ?? [];
    const siblingIds = new Set(siblings.map((s) => s.dialog_node));
    const next = new Map<string, WatsonNode>();
    for (const s of siblings) if (s.previous_sibling && siblingIds.has(s.previous_sibling) && !next.has(s.previous_sibling)) next.set(s.previous_sibling, s);
    const chain: WatsonNode[] = [];
    for (const first of siblings.filter((s) => !s.previous_sibling || !siblingIds.has(s.previous_sibling))) {
      for (let n: WatsonNode | undefined = first; n && !chain.includes(n); n = next.get(n.dialog_node)) chain.push(n);
    }
    for (const s of siblings) if (!chain.includes(s)) chain.push(s);
    for (const n of chain) {
      if (seen.has(n.dialog_node)) continue;
      seen.add(n.dialog_node);
      ordered.push(n);
      visit(n.dialog_node);
    }
  };
  visit(null);
  return ordered;
}

/** A text variant list: the first variant is the answer; the others are listed as not carried over. */
function firstOf(values: readonly (string | null | undefined)[], nodeId: string, where: string, unsupported: Unsupported[]): string | null {
  const texts = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (texts.length > 1) unsupported.push({ nodeId, what: `${where}: ${texts.length - 1} variante(s) de respuesta además de la primera` });
  return texts[0] ?? null;
}

function genericElement(g: WatsonGeneric, nodeId: string, unsupported: Unsupported[], escalate: () => void): PlannedElement | null {
  switch (g.response_type) {
    case 'text': {
      const value = firstOf((g.values ?? []).map((v) => v.text), nodeId, 'output.generic text', unsupported);
      return value === null ? null : { type: ITEM_TYPES.text, value };
    }
    case 'option':
      return { type: ITEM_TYPES.options, value: JSON.stringify({ ...(g.title ? { text: g.title } : {}), options: (g.options ?? []).map((o) => o.label) }) };
    case 'image':
      return g.source ? { type: ITEM_TYPES.image, value: g.source } : null;
    case 'video':
      return g.source ? { type: ITEM_TYPES.video, value: g.source } : null;
    case 'connect_to_agent':
      escalate();
      return null;
    default:
      unsupported.push({ nodeId, what: `respuesta de tipo ${g.response_type}` });
      return null;
  }
}

/** Plans an export (already parsed): the nodes as they would be stored, what cannot be carried over and the broken references. */
export function planWatsonImport(data: WatsonExport): WatsonPlan {
  const raw = data.dialog_nodes ?? [];
  const ids = new Set(raw.map((n) => n.dialog_node));
  const examples = new Map((data.intents ?? []).map((i) => [i.intent, (i.examples ?? []).map((e) => e.text)]));
  const unsupported: Unsupported[] = [];
  const dangling: Dangling[] = [];
  const byNodeType: Record<string, number> = {};
  const byResponseType: Record<string, number> = {};
  const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

  const nodes = orderNodes(raw).map((n): PlannedNode => {
    const id = n.dialog_node;
    bump(byNodeType, n.type ?? 'standard');
    if (n.parent && !ids.has(n.parent)) dangling.push({ nodeId: id, field: 'parent', ref: n.parent });
    if (n.previous_sibling && !ids.has(n.previous_sibling)) dangling.push({ nodeId: id, field: 'previous_sibling', ref: n.previous_sibling });
    if (n.next_step) {
      const target = n.next_step.dialog_node;
      if (target && !ids.has(target)) dangling.push({ nodeId: id, field: 'next_step', ref: target });
      unsupported.push({ nodeId: id, what: `salto (next_step ${n.next_step.behavior ?? ''}${target ? ` a ${target}` : ''})`.replace(' )', ')') });
    }
    if (n.conditions && EXPRESSION.test(n.conditions)) unsupported.push({ nodeId: id, what: `condición con expresión: ${n.conditions}` });
    if (n.type === 'slot' || n.type === 'frame') unsupported.push({ nodeId: id, what: n.type === 'slot' ? 'slot' : 'nodo con slots (frame)' });
    if (n.type === 'event_handler') unsupported.push({ nodeId: id, what: 'manejador de eventos' });
    if (n.actions && n.actions.length > 0) unsupported.push({ nodeId: id, what: `${n.actions.length} acción(es)` });

    const elements: PlannedElement[] = [];
    let escalates = false;
    const out = n.output?.text;
    if (out !== null && out !== undefined) {
      bump(byResponseType, 'text');
      const values = typeof out === 'string' ? [out] : Array.isArray(out) ? out : (out.values ?? []);
      const value = firstOf(values, id, 'output.text', unsupported);
      if (value !== null) elements.push({ type: ITEM_TYPES.text, value });
    }
    for (const g of n.output?.generic ?? []) {
      bump(byResponseType, g.response_type);
      const element = genericElement(g, id, unsupported, () => (escalates = true));
      if (element) elements.push(element);
    }
    for (const e of elements) if (e.type === ITEM_TYPES.text && EXPRESSION.test(e.value)) unsupported.push({ nodeId: id, what: `respuesta con expresión: ${e.value}` });

    const intent = n.conditions ? (INTENT.exec(n.conditions)?.[1] ?? null) : null;
    if (intent !== null && !examples.has(intent)) dangling.push({ nodeId: id, field: 'intent', ref: `#${intent}` });
    return { nodeId: id, name: n.title?.trim() || id, intent: intent ?? '', examples: intent === null ? [] : (examples.get(intent) ?? []), escalates, elements };
  });
  return { nodes, counts: { byNodeType, byResponseType }, unsupported, dangling };
}

/** The dry run against what the workspace holds: which nodes would be added and which updated (matched by dialog_node). */
export function addedAndUpdated(plan: WatsonPlan, existingNodeIds: ReadonlySet<string>): { added: string[]; updated: string[] } {
  const added: string[] = [];
  const updated: string[] = [];
  for (const n of plan.nodes) (existingNodeIds.has(n.nodeId) ? updated : added).push(n.nodeId);
  return { added, updated };
}
