import { Nlp, type Stemmer, type Stopwords, type Tokenizer } from '@nlpjs/nlp';
import { LangEs } from '@nlpjs/lang-es';
import { SpellCheck } from '@nlpjs/similarity';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { prepareText } from './text';
import { LOCALE, NLP_SETTINGS, nodeIdOfLabel } from './training';

/** Courtesy and forms of address a customer adds to any question. */
const COURTESY = ['favor', 'porfavor', 'ok', 'okay', 'vale', 'señor', 'señora', 'señores', 'señorita', 'amigo', 'amiga', 'hey', 'oye', 'disculpa', 'disculpe', 'perdón', 'cordial', 'cordiales', 'amable'];

/**
 * Everyday Spanish words (stopwords-iso's Spanish list: 'hoy', 'ustedes', 'decir', 'todavía'…). A
 * text's word the workspace never uses says the text is about something else — unless it is one of
 * these, which any question may carry.
 */
const EVERYDAY_WORDS: ReadonlySet<string> = new Set(
  z
    .object({ es: z.array(z.string()) })
    .parse(createRequire(import.meta.url)('stopwords-iso'))
    .es.concat(COURTESY)
    .map(prepareText)
);

/** A node and how likely NLP.js finds it that the text asks for it (0…1, a softmax over the workspace's nodes and 'None'). */
export interface Ranked {
  nodeId: string;
  score: number;
}

/** A meaningful word of the text (stopwords left out) and the nodes whose examples use it (none: unknown to the workspace). */
export interface ContentWord {
  stem: string;
  nodeIds: readonly string[];
  /** An everyday word (EVERYDAY_WORDS). */
  everyday: boolean;
}

/** A word of a prepared text as the model sees it. */
export interface Token extends ContentWord {
  text: string;
  /** A Spanish stopword (article, preposition…): no evidence either way. */
  stop: boolean;
}

export interface Reading {
  /** The workspace's nodes, most likely first (nodes the text gives no evidence for are left out). */
  ranking: Ranked[];
  /** The text's meaningful words (stemmed, spell-checked against the workspace's words, no repeats). */
  words: ContentWord[];
  /** Every word of the text, in order. */
  tokens: Token[];
}

/** The part of an exported model that says which (stemmed) words each node's examples use. */
const ExportedVocabulary = z.object({
  nluManager: z.object({
    domainManagers: z.record(
      z.string(),
      z.object({ domains: z.record(z.string(), z.object({ intentFeatures: z.record(z.string(), z.record(z.string(), z.number())).optional() })) })
    )
  })
});

/** Stem → the nodes whose examples use it. */
function vocabularyOf(model: unknown): Map<string, string[]> {
  const exported = ExportedVocabulary.parse(model);
  const vocabulary = new Map<string, string[]>();
  for (const domain of Object.values(exported.nluManager.domainManagers[LOCALE]?.domains ?? {})) {
    for (const [label, features] of Object.entries(domain.intentFeatures ?? {})) {
      const nodeId = nodeIdOfLabel(label);
      if (nodeId === null) continue;
      for (const stem of Object.keys(features)) {
        const nodes = vocabulary.get(stem) ?? [];
        if (!nodes.includes(nodeId)) nodes.push(nodeId);
        vocabulary.set(stem, nodes);
      }
    }
  }
  return vocabulary;
}

/** A trained workspace model (NLP.js, Spanish), loaded from its exported JSON, that reads prepared texts. */
export class IntentModel {
  private readonly tokenizer: Tokenizer;
  private readonly stopwords: Stopwords;
  private readonly stemmer: Stemmer;
  private readonly spellCheck: SpellCheck;

  private constructor(
    private readonly nlp: Nlp,
    private readonly vocabulary: ReadonlyMap<string, readonly string[]>
  ) {
    this.tokenizer = nlp.container.get('tokenizer-es');
    this.stopwords = nlp.container.get('stopwords-es');
    this.stemmer = nlp.container.get('stemmer-es');
    // Only stems of 5+ letters are corrected: a one-letter change to a shorter one makes another word
    // ('plat' → 'plan', 'perd' → 'verd'), and a wrong word here is evidence for a wrong answer.
    this.spellCheck = new SpellCheck({ features: Object.fromEntries([...vocabulary.keys()].map((stem) => [stem, 1])), minLength: 5 });
  }

  /** Loads an exported model (the trainer's output, or a stored one). Throws on a text that is not one. */
  static fromJSON(model: string): IntentModel {
    const exported: unknown = JSON.parse(model);
    const vocabulary = vocabularyOf(exported);
    const nlp = new Nlp(structuredClone(NLP_SETTINGS));
    nlp.use(LangEs);
    nlp.import(exported);
    return new IntentModel(nlp, vocabulary);
  }

  /** How the model reads a prepared text (prepareText). */
  async read(prepared: string): Promise<Reading> {
    const tokens = this.tokens(prepared);
    const words = contentWords(tokens);
    if (prepared === '') return { ranking: [], words, tokens };
    const result = await this.nlp.nluManager.process(LOCALE, prepared);
    const ranking: Ranked[] = [];
    for (const { intent, score } of result.classifications) {
      const nodeId = nodeIdOfLabel(intent);
      if (nodeId !== null && score > 0) ranking.push({ nodeId, score });
    }
    ranking.sort((a, b) => b.score - a.score);
    return { ranking, words, tokens };
  }

  /** The words of a prepared text, each with its stem (spell-checked against the workspace's words) and the nodes that use it. */
  tokens(prepared: string): Token[] {
    const words = this.tokenizer.tokenize(prepared, true);
    const stems = this.spellCheck.check(this.stemmer.stemWords(words), 1);
    return words.map((text, i) => {
      const stop = this.stopwords.removeStopwords([text]).length === 0;
      const stem = stems[i] ?? text;
      return { text, stem, stop, nodeIds: stop ? [] : (this.vocabulary.get(stem) ?? []), everyday: EVERYDAY_WORDS.has(text) };
    });
  }
}

/** The meaningful words of a text's tokens, each stem once. */
function contentWords(tokens: readonly Token[]): ContentWord[] {
  const seen = new Map<string, ContentWord>();
  for (const token of tokens) if (!token.stop && !seen.has(token.stem)) seen.set(token.stem, { stem: token.stem, nodeIds: token.nodeIds, everyday: token.everyday });
  return [...seen.values()];
}
