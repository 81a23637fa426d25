/**
 * The floor of the `assistant-config` bench's chat beside retraining: bare NLP.js train() of a
 * corpus, one training after the other, in a process of its own (as the platform's trainer is a
 * thread beside the platform), until told to stop. The corpus comes in the first message; each
 * finished training is reported with its duration. And the memory floor of a large import (importFloor).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Nlp } from '@nlpjs/nlp';
import { LangEs } from '@nlpjs/lang-es';
import { z } from 'zod';
import { LOCALE, NLP_SETTINGS } from '../../src/server/bot/training';
import { peakRssGrowth } from './report';

const Corpus = z.array(z.object({ utterance: z.string(), label: z.string() }));
export type Corpus = z.infer<typeof Corpus>;

export interface BareTrainer {
  /** Stops after the training under way; answers every training's duration (ms). */
  stop(): Promise<number[]>;
}

/** This file in a process of its own (under tsx), told what to do by its first message. */
const forkThisFile = () => fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

/** Forks this file (under tsx) and starts training `corpus` over and over. */
export async function startBareTrainer(corpus: Corpus): Promise<BareTrainer> {
  const child = forkThisFile();
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

/**
 * The memory floor of an import (assistant-config): in a fresh process, the export's file parsed
 * once, bare NLP.js training of `corpus`, and the trained model exported and imported into another
 * Nlp (a training must not run on the thread that answers, so any platform moves its model once).
 * Answers that stretch's peak RSS growth (bytes) and the training's duration (ms).
 */
export async function importFloor(file: string, corpus: Corpus): Promise<{ growth: number; trainingMs: number }> {
  const child = forkThisFile();
  const answer = new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bench: the import floor's process exited (${code})`)));
  });
  child.send({ floor: { file, corpus } });
  const result = z.object({ growth: z.number(), trainingMs: z.number() }).parse(await answer);
  child.kill();
  return result;
}

async function measureFloor(file: string, corpus: Corpus): Promise<void> {
  let trainingMs = 0;
  const { growth } = await peakRssGrowth(async () => {
    const parsed: unknown = JSON.parse(file);
    const nlp = new Nlp(structuredClone(NLP_SETTINGS));
    nlp.use(LangEs);
    for (const d of corpus) nlp.addDocument(LOCALE, d.utterance, d.label);
    const start = performance.now();
    await nlp.train();
    trainingMs = performance.now() - start;
    const answering = new Nlp(structuredClone(NLP_SETTINGS));
    answering.use(LangEs);
    answering.import(nlp.export(true));
    return [parsed, answering];
  });
  process.send?.({ growth, trainingMs });
}

const FloorRequest = z.object({ floor: z.object({ file: z.string(), corpus: Corpus }) });

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    const floor = FloorRequest.safeParse(raw);
    if (floor.success) void measureFloor(floor.data.floor.file, floor.data.floor.corpus);
    else void trainUntilStopped(raw);
  });
}
