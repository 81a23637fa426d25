import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { gunzip } from 'node:zlib';
import { NLP_SETTINGS, LOCALE, type TrainingDocument } from './training';

/**
 * Trains NLP.js models off the event loop. NLP.js trains synchronously (a perceptron per intent,
 * up to thousands of passes over the corpus): a workspace of a few hundred intents would stall
 * every chat of the platform for seconds. One worker thread per process takes the jobs one after
 * the other and answers each with the exported model (JSON). It keeps the process alive only while
 * a job is under way, and ends itself after a while without work.
 *
 * The worker's source is a plain CommonJS string that requires NLP.js by absolute path: it runs the
 * same way from the TypeScript sources (tsx, vitest) and from the bundled platform process. In the
 * packaged app NLP.js is unpacked from the asar archive (electron-builder.yml's asarUnpack), and the
 * worker is given the unpacked copy's path: a worker thread's require does not read inside asar.
 */

export interface TrainedModel {
  /** Nlp.export(true), gzipped in the worker (unpackModel reads it). */
  model: Buffer;
  /** Time the worker spent training and packing (ms). */
  trainingMs: number;
}

/** zlib's default: 7× smaller for an exported model, in a fraction of its training time. */
const MODEL_GZIP_LEVEL = 6;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
const { Nlp } = require(workerData.nlp);
const { LangEs } = require(workerData.langEs);
parentPort.on('message', async (job) => {
  try {
    const started = Date.now();
    const nlp = new Nlp(JSON.parse(job.settings));
    nlp.use(LangEs);
    for (const document of job.documents) nlp.addDocument(job.locale, document.utterance, document.label);
    await nlp.train();
    // Gzipped here, off the platform's thread: 13 MB of JSON for 2,000 nodes is 2 MB to post and to store.
    const model = gzipSync(nlp.export(true), { level: ${MODEL_GZIP_LEVEL} });
    parentPort.postMessage({ id: job.id, model, trainingMs: Date.now() - started });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.stack) || error) });
  }
});
`;

/** How long the worker waits for another job before ending. */
const IDLE_MS = 30_000;

interface Pending {
  resolve: (trained: TrainedModel) => void;
  reject: (error: Error) => void;
}

const requireHere = createRequire(import.meta.url);
const gunzipAsync = promisify(gunzip);

/**
 * A module path inside the packaged app's asar archive, as its unpacked copy beside it
 * (`…/app.asar/node_modules/x` → `…/app.asar.unpacked/node_modules/x`); any other path unchanged.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

export class Trainer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** Trains a model on the documents (labels as given). Rejects when the worker fails. */
  train(documents: readonly TrainingDocument[]): Promise<TrainedModel> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    worker.ref(); // a job under way keeps the process alive (a script awaiting it)
    return new Promise<TrainedModel>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, locale: LOCALE, settings: JSON.stringify(NLP_SETTINGS), documents });
    });
  }

  /** Ends the worker; jobs still under way are rejected. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('assistant trainer closed'));
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { nlp: unpackedPath(requireHere.resolve('@nlpjs/nlp')), langEs: unpackedPath(requireHere.resolve('@nlpjs/lang-es')) }
    });
    worker.unref();
    worker.on('message', (message: { id: number; model?: Uint8Array; trainingMs?: number; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (message.model instanceof Uint8Array) job.resolve({ model: Buffer.from(message.model.buffer, message.model.byteOffset, message.model.byteLength), trainingMs: message.trainingMs ?? 0 });
      else job.reject(new Error(`assistant training failed: ${message.error ?? 'no answer'}`));
      this.scheduleIdleEnd();
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error('assistant trainer exited'));
    });
    this.worker = worker;
    return worker;
  }

  private scheduleIdleEnd(): void {
    if (this.pending.size > 0 || this.idleTimer) return;
    this.worker?.unref();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.pending.size > 0 || !this.worker) return;
      const worker = this.worker;
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  private failAll(error: Error): void {
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(error);
  }
}

/** The exported JSON of a trained model's bytes (gunzipped in the thread pool). Rejects on bytes that are not gzip. */
export async function unpackModel(packed: Uint8Array): Promise<string> {
  return (await gunzipAsync(packed)).toString('utf8');
}

/** The process's trainer (one worker thread at most, shared by every assistant of the process). */
export const sharedTrainer = new Trainer();
