/**
 * The floor of the `assistant-config` bench's chat beside retraining: bare NLP.js train() of a
 * corpus, one training after the other, in a process of its own (as the platform's trainer is a
 * thread beside the platform), until told to stop. The corpus comes in the first message; each
 * finished training is reported with its duration.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Nlp } from '@nlpjs/nlp';
import { LangEs } from '@nlpjs/lang-es';
import { z } from 'zod';
import { LOCALE, NLP_SETTINGS } from '../../src/server/bot/training';

const Corpus = z.array(z.object({ utterance: z.string(), label: z.string() }));
export type Corpus = z.infer<typeof Corpus>;

export interface BareTrainer {
  /** Stops after the training under way; answers every training's duration (ms). */
  stop(): Promise<number[]>;
}

/** Forks this file (under tsx) and starts training `corpus` over and over. */
export async function startBareTrainer(corpus: Corpus): Promise<BareTrainer> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const trainings: number[] = [];
  child.on('message', (raw: unknown) => {
    const ms = z.number().safeParse(raw);
    if (ms.success) trainings.push(ms.data);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send(corpus);
  return {
    async stop() {
      if (child.connected) child.send('stop');
      await exited;
      return trainings;
    }
  };
}

async function trainUntilStopped(raw: unknown): Promise<void> {
  const corpus = Corpus.parse(raw);
  let stopping = false;
  process.on('message', (message) => {
    if (message === 'stop') stopping = true;
  });
  process.once('disconnect', () => process.exit(0));
  while (!stopping) {
    const nlp = new Nlp(structuredClone(NLP_SETTINGS));
    nlp.use(LangEs);
    for (const d of corpus) nlp.addDocument(LOCALE, d.utterance, d.label);
    const start = performance.now();
    await nlp.train();
    process.send?.(performance.now() - start);
    // train() works synchronously: the 'stop' message is read only between trainings.
    await new Promise((resolve) => setImmediate(resolve));
  }
  process.exit(0);
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    void trainUntilStopped(raw);
  });
}
