import type { IntentModel, Reading } from './intent-model';
import { prepareText } from './text';

/**
 * What the assistant makes of a customer's text, from a workspace model's reading.
 *
 * NLP.js ranks the nodes with a softmax: its scores say which node is likeliest, not whether the
 * text is about the workspace at all. So the text's own words decide that:
 *
 * - Evidence. Each meaningful word a node's examples use backs that node (a word shared by k nodes
 *   counts 1/k). Everyday words ('puedo', 'tienen', 'es') back only greetings and farewells, which
 *   are made of them; an everyday word the workspace never uses says nothing either way. A proper
 *   name the examples use ('tienen oficinas en Cali': text.ts properNames) says where, not what: it
 *   backs only a node the text's other words already back, so 'cómo está el clima en Cali' is not
 *   understood rather than answered with the offices.
 * - In scope. The text is about the workspace when its strongest evidence outweighs the words the
 *   workspace never uses, or is at least two words (a longer message), or equals them when the
 *   strongest node is a greeting or farewell ('saludos cordiales') or the ranking is as sure of it as
 *   of an answer. 'a qué hora juega la selección' has one word of the hours node and two unknown:
 *   not understood, however sure the ranking is.
 * - Confidence. A node's confidence is the mean of its NLP.js score and its share of the evidence.
 *   The most confident node answers when it reaches the workspace's answer threshold and no other
 *   node has as much evidence; from the options threshold, the assistant offers it with the next
 *   most confident nodes (up to 3, never a greeting or farewell, none under a third of its confidence)
 *   as options; below, or out of
 *   scope, it did not understand.
 * - Greetings around a question ('hola, quiero saber el horario', 'gracias, ¿y a qué hora
 *   cierran?'): unless the whole text already answers a question, it is read again without the
 *   words only the greeting and farewell nodes use; a question found there (two meaningful words at
 *   least) wins over the greeting.
 */

export interface Thresholds {
  /** The confidence (0…1) from which the most confident node answers. */
  answer: number;
  /** The confidence from which the assistant offers options instead of saying it did not understand (0…answer). */
  options: number;
}

/** A new workspace's thresholds (the defaults of workspaces.answer_threshold and options_threshold). */
export const DEFAULT_THRESHOLDS: Thresholds = { answer: 0.6, options: 0.3 };

/** `score`: the confidence of the (first) node; `evidence`: its evidence. */
export type Understanding =
  | { kind: 'answer'; nodeId: string; score: number; evidence: number }
  | { kind: 'options'; nodeIds: string[]; score: number; evidence: number }
  | { kind: 'none' };

/** The most options offered at once. */
export const MAX_OPTIONS = 3;
/** Meaningful words a question beside a greeting needs to win over the greeting. */
const QUESTION_WORDS = 2;
/** Evidence sums of thirds and halves: equal within this. */
const EPSILON = 1e-9;

/**
 * Each node's evidence: the text's meaningful words its examples use, a word shared by k nodes
 * counting 1/k. Everyday words ('puedo', 'tienen', 'es') back only greetings and farewells, which
 * are made of them ('buenos días', 'que estés bien').
 */
function evidenceByNode(reading: Reading, social: ReadonlySet<string>, names: ReadonlySet<string>): Map<string, number> {
  const evidence = new Map<string, number>();
  const nameStems = new Set(reading.tokens.filter((t) => names.has(t.text)).map((t) => t.stem));
  const [placed, others] = [reading.words.filter((w) => nameStems.has(w.stem)), reading.words.filter((w) => !nameStems.has(w.stem))];
  for (const word of others) {
    const backed = word.everyday ? word.nodeIds.filter((nodeId) => social.has(nodeId)) : word.nodeIds;
    for (const nodeId of backed) evidence.set(nodeId, (evidence.get(nodeId) ?? 0) + 1 / word.nodeIds.length);
  }
  // A name backs only the nodes the other words back (where, not what).
  for (const word of placed) for (const nodeId of word.nodeIds) if (evidence.has(nodeId)) evidence.set(nodeId, (evidence.get(nodeId) ?? 0) + 1 / word.nodeIds.length);
  return evidence;
}

/** The decision on one reading (see the module comment). */
export function judge(reading: Reading, thresholds: Thresholds, social: ReadonlySet<string>, names: ReadonlySet<string> = NO_NAMES): Understanding {
  const evidence = evidenceByNode(reading, social, names);
  const unknown = reading.words.filter((w) => w.nodeIds.length === 0 && !w.everyday).length;
  const strongest = Math.max(0, ...evidence.values());
  if (strongest <= 0) return { kind: 'none' };
  const leaders = [...evidence].filter(([, e]) => e >= strongest - EPSILON).map(([nodeId]) => nodeId);
  const scoreOf = new Map(reading.ranking.map((r) => [r.nodeId, r.score]));
  const sure = leaders.some((n) => social.has(n) || (scoreOf.get(n) ?? 0) >= thresholds.answer);
  const inScope = strongest > unknown + EPSILON || strongest >= 2 - EPSILON || (sure && strongest >= unknown - EPSILON);
  if (!inScope) return { kind: 'none' };
  const total = [...evidence.values()].reduce((a, b) => a + b, 0);
  const confidence = [...evidence.keys()]
    .map((nodeId) => ({ nodeId, score: ((scoreOf.get(nodeId) ?? 0) + (evidence.get(nodeId) ?? 0) / total) / 2 }))
    .sort((a, b) => b.score - a.score);
  const best = confidence[0];
  if (!best) return { kind: 'none' };
  const own = evidence.get(best.nodeId) ?? 0;
  if (best.score >= thresholds.answer && leaders.length === 1 && leaders[0] === best.nodeId) return { kind: 'answer', nodeId: best.nodeId, score: best.score, evidence: own };
  if (best.score < thresholds.options) return { kind: 'none' };
  const offered = confidence.filter((c) => !social.has(c.nodeId) && c.score >= Math.max(thresholds.options / 2, best.score / 3)).slice(0, MAX_OPTIONS);
  if (offered.length === 0) return { kind: 'none' };
  return { kind: 'options', nodeIds: offered.map((c) => c.nodeId), score: best.score, evidence: own };
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * What the assistant understands of a customer's text with a workspace's model (`social`: its
 * greeting and farewell nodes; `names`: the proper names its examples use, text.ts properNames).
 */
export async function understand(model: IntentModel, text: string, thresholds: Thresholds, social: ReadonlySet<string>, names: ReadonlySet<string> = NO_NAMES): Promise<Understanding> {
  const prepared = prepareText(text);
  const reading = await model.read(prepared);
  const whole = judge(reading, thresholds, social, names);
  if ((whole.kind === 'answer' && !social.has(whole.nodeId)) || social.size === 0) return whole;
  const { tokens } = reading;
  const rest = tokens.filter((t) => t.nodeIds.length === 0 || t.nodeIds.some((nodeId) => !social.has(nodeId)));
  if (rest.length === tokens.length || rest.filter((t) => !t.stop).length < QUESTION_WORDS) return whole;
  const question = judge(await model.read(rest.map((t) => t.text).join(' ')), thresholds, social, names);
  if (question.kind === 'answer' && !social.has(question.nodeId)) return question;
  if (question.kind === 'options' && whole.kind !== 'options') return question;
  return whole;
}
