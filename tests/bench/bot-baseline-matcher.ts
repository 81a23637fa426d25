/**
 * The assistant's former intent matcher (src/server/bot/matcher.ts until issue 22), kept only as a
 * baseline of the benches: the `bot` bench runs the same customer phrasings through it and through
 * the NLP.js assistant in the same run; the `chat` bench runs the platform with it as the
 * assistant's classifier (formerClassifier, through buildApp's `classify`) to time the chat without
 * NLP.js. Not used by the platform as it runs.
 *
 * Intent matching for the virtual assistant: deterministic and explainable.
 *
 * 1. Normalise both texts: lower case, accents stripped, punctuation → spaces.
 * 2. Split into tokens and drop Spanish filler words (articles, prepositions…).
 * 3. Score each example phrase with the Dice coefficient of the two token sets
 *    (2·shared / (customer tokens + example tokens)); two tokens are the same word when equal, or,
 *    for words of 4+ letters, one edit apart (typos, plural -s).
 *    A text identical to an example once normalised scores 1 even if it is all filler words.
 * 4. The best-scoring node wins when its score reaches the threshold; ties go to the earlier node.
 */

import type { Understanding } from '../../src/server/bot/understand';
import type { BotWorkspace } from '../../src/server/bot/workspace';

/** The minimum score for a node to answer. */
export const MATCH_THRESHOLD = 0.5;

const STOPWORDS = new Set([
  'a', 'al', 'con', 'de', 'del', 'el', 'en', 'es', 'la', 'las', 'lo', 'los', 'me', 'mi', 'mis', 'o', 'para', 'por',
  'que', 'se', 'su', 'sus', 'te', 'tu', 'un', 'una', 'unas', 'unos', 'y', 'ya', 'le', 'les', 'muy', 'the'
]);

/** Lower case, no accents (ñ kept as n), punctuation and symbols as single spaces, trimmed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The meaningful words of a text (normalised, filler words dropped, no repeats, in order). */
export function tokenize(text: string): string[] {
  const normal = normalizeText(text);
  if (normal === '') return [];
  return [...new Set(normal.split(' ').filter((w) => !STOPWORDS.has(w)))];
}

/** Whether two normalised words count as the same: equal, or one edit apart when both have 4+ letters. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || Math.abs(a.length - b.length) > 1) return false;
  return withinOneEdit(a, b);
}

function withinOneEdit(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < short.length && j < long.length) {
    if (short[i] === long[j]) {
      i++;
      j++;
      continue;
    }
    edits++;
    if (edits > 1) return false;
    if (short.length === long.length) i++;
    j++;
  }
  return edits + (long.length - j) + (short.length - i) <= 1;
}

/** How well a customer text matches one example phrase, 0…1. */
export function similarity(text: string, example: string): number {
  const normalText = normalizeText(text);
  const normalExample = normalizeText(example);
  if (normalText === '' || normalExample === '') return 0;
  if (normalText === normalExample) return 1;
  const a = tokenize(text);
  const b = tokenize(example);
  if (a.length === 0 || b.length === 0) return 0;
  const unused = [...b];
  let shared = 0;
  for (const word of a) {
    const k = unused.findIndex((w) => sameWord(word, w));
    if (k >= 0) {
      shared++;
      unused.splice(k, 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}

export interface MatchCandidate {
  id: number;
  examples: readonly string[];
}

export interface MatchResult<C extends MatchCandidate> {
  candidate: C;
  score: number;
  /** The example phrase that scored best. */
  example: string;
}

/** The best candidate for `text` at or above `threshold`, or null. Ties go to the earlier candidate. */
export function bestMatch<C extends MatchCandidate>(text: string, candidates: readonly C[], threshold: number = MATCH_THRESHOLD): MatchResult<C> | null {
  let best: MatchResult<C> | null = null;
  for (const candidate of candidates) {
    for (const example of candidate.examples) {
      const score = similarity(text, example);
      if (score >= threshold && (best === null || score > best.score)) best = { candidate, score, example };
    }
  }
  return best;
}

/**
 * The former matcher as the platform's classifier (buildApp's `classify`): the best node at or above
 * MATCH_THRESHOLD answers, else the assistant did not understand — how the assistant decided before
 * NLP.js. The `chat` bench's run without the NLP.js classifier.
 */
export function formerClassifier(workspace: BotWorkspace, text: string): Understanding {
  const best = bestMatch(text, workspace.nodes);
  return best ? { kind: 'answer', nodeId: best.candidate.nodeId, score: best.score, evidence: 1 } : { kind: 'none' };
}
