import { createHash } from 'node:crypto';
import { prepareText } from './text';

/**
 * What a workspace's model is trained on and with: one NLP.js document per example phrase and one
 * for the node's name (the label the customer taps when the assistant offers options), each
 * labelled with its node, read as the customer's text is (prepareText). The training key names a
 * model by what it was trained from: a workspace whose names or examples change gets a new key, so
 * a model stored under another key is stale.
 */

/** Bump when prepareText or the making of documents changes: models trained before are then stale. */
const CORPUS_VERSION = 1;

export const LOCALE = 'es';

/** NLP.js settings, the same when training (worker) and when classifying (main thread). */
export const NLP_SETTINGS = {
  languages: [LOCALE],
  autoSave: false,
  autoLoad: false,
  calculateSentiment: false,
  nlu: {
    // A "None" output trained on the share of words the workspace never used: out-of-scope stays out.
    useNoneFeature: true,
    // Unknown words one edit away from a word of the workspace (after stemming) count as that word.
    spellCheck: true,
    spellCheckDistance: 1,
    log: false
  }
} as const;

export interface TrainingNode {
  nodeId: string;
  nodeName: string;
  examples: readonly string[];
}

export interface TrainingDocument {
  utterance: string;
  label: string;
}

/** The model's label of a node ('None' is NLP.js's own output: node ids never collide with it). */
export const labelOf = (nodeId: string): string => `#${nodeId}`;
/** The node id of a model label, or null for NLP.js's 'None'. */
export const nodeIdOfLabel = (label: string): string | null => (label.startsWith('#') ? label.slice(1) : null);

/** The documents of a workspace's nodes: prepared, without empties or repeats, in a stable order. */
export function trainingDocuments(nodes: readonly TrainingNode[]): TrainingDocument[] {
  const seen = new Set<string>();
  const documents: TrainingDocument[] = [];
  const ordered = [...nodes].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  for (const node of ordered) {
    for (const phrase of [...node.examples, node.nodeName]) {
      const utterance = prepareText(phrase);
      const key = `${node.nodeId}\u0000${utterance}`;
      if (utterance === '' || seen.has(key)) continue;
      seen.add(key);
      documents.push({ utterance, label: labelOf(node.nodeId) });
    }
  }
  return documents;
}

/** Names a model by the nodes' ids, names and examples and the training settings (sha256, hex). */
export function trainingKey(nodes: readonly TrainingNode[]): string {
  const known = keys.get(nodes);
  if (known !== undefined) return known;
  const key = computeTrainingKey(nodes);
  keys.set(nodes, key);
  return key;
}

/**
 * Keys of node lists already named: the assistant's workspace cache hands every turn the same list
 * while the workspace is unchanged (workspace.ts), whose nodes nobody changes.
 */
const keys = new WeakMap<readonly TrainingNode[], string>();

function computeTrainingKey(nodes: readonly TrainingNode[]): string {
  const ordered = [...nodes].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0)).map((n) => [n.nodeId, n.nodeName, n.examples]);
  return createHash('sha256').update(JSON.stringify([CORPUS_VERSION, NLP_SETTINGS, ordered])).digest('hex');
}
