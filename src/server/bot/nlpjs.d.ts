/**
 * The part of NLP.js (https://github.com/axa-group/nlp.js, v4: CommonJS without type definitions)
 * the assistant uses: an Nlp trained on one language, exported and imported as JSON, its NLU
 * manager's classification (no entity extraction, sentiment or answers: the workspace has those),
 * the Spanish plugin's tokenizer, stopwords and stemmer, and the spell checker.
 */
declare module '@nlpjs/nlp' {
  export interface NlpClassification {
    intent: string;
    score: number;
  }

  export interface NluResult {
    locale?: string;
    utterance: string;
    intent: string;
    score: number;
    classifications: NlpClassification[];
  }

  export interface NluManager {
    process(locale: string, utterance: string): Promise<NluResult>;
  }

  export interface Tokenizer {
    /** Splits a text into words; `normalize` lowercases and strips accents first. */
    tokenize(text: string, normalize?: boolean): string[];
  }

  export interface Stopwords {
    removeStopwords(tokens: string[]): string[];
  }

  export interface Stemmer {
    stemWords(words: string[]): string[];
  }

  export interface Container {
    get(name: 'tokenizer-es'): Tokenizer;
    get(name: 'stopwords-es'): Stopwords;
    get(name: 'stemmer-es'): Stemmer;
  }

  export class Nlp {
    constructor(settings?: Record<string, unknown>);
    container: Container;
    nluManager: NluManager;
    use(plugin: unknown): void;
    addLanguage(locales: string | string[]): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    export(minified?: boolean): string;
    /** An exported model, as text or already parsed. */
    import(data: unknown): void;
  }
}

declare module '@nlpjs/lang-es' {
  /** The Spanish plugin: normaliser, tokenizer, stemmer and stopwords. */
  export const LangEs: unknown;
}

declare module '@nlpjs/similarity' {
  /** Corrects unknown words to a known feature within an edit distance (words of 4+ letters). */
  export class SpellCheck {
    constructor(settings?: { features?: Record<string, number>; minLength?: number });
    check(tokens: string[], distance?: number): string[];
  }
}
