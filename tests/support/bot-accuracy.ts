import type { Phrasing } from './bot-phrasings';

/** What the assistant did with one phrasing: answered a node (its intent), offered options (their intents), or did not understand. */
export type Outcome = { kind: 'answer'; intent: string } | { kind: 'options'; intents: string[] } | { kind: 'none' };

export interface Accuracy {
  inScope: number;
  /** In scope and answered with the right intent, or the right intent among the options. */
  right: number;
  answeredRight: number;
  optionsRight: number;
  /** Answered with another intent than asked, in scope or out of scope. */
  wrong: number;
  /** In scope and not understood (or options without the right intent). */
  missed: number;
  outOfScope: number;
  /** Out of scope and not understood (no answer, no options). */
  outOfScopeNotUnderstood: number;
  /** Every phrasing that was not handled as it should be, for the failure message. */
  failures: string[];
}

/** The goals of issue 22, scored over a run of the phrasings. */
export function scoreOutcomes(results: readonly { phrasing: Phrasing; outcome: Outcome }[]): Accuracy {
  const score: Accuracy = { inScope: 0, right: 0, answeredRight: 0, optionsRight: 0, wrong: 0, missed: 0, outOfScope: 0, outOfScopeNotUnderstood: 0, failures: [] };
  for (const { phrasing, outcome } of results) {
    const said = outcome.kind === 'answer' ? `answered ${outcome.intent}` : outcome.kind === 'options' ? `offered ${outcome.intents.join(', ')}` : 'not understood';
    const fail = () => score.failures.push(`ws${phrasing.workspaceId} "${phrasing.text}" (${phrasing.intent ?? 'out of scope'}): ${said}`);
    if (phrasing.intent === null) {
      score.outOfScope++;
      if (outcome.kind === 'none') score.outOfScopeNotUnderstood++;
      else fail();
      if (outcome.kind === 'answer') score.wrong++;
      continue;
    }
    score.inScope++;
    if (outcome.kind === 'answer' && outcome.intent === phrasing.intent) {
      score.right++;
      score.answeredRight++;
    } else if (outcome.kind === 'options' && outcome.intents.includes(phrasing.intent)) {
      score.right++;
      score.optionsRight++;
    } else {
      if (outcome.kind === 'answer') score.wrong++;
      else score.missed++;
      fail();
    }
  }
  return score;
}

export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : (100 * part) / whole);
