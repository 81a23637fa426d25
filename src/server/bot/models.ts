import { asc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/types';
import { botModels, workspaces } from '../db/schema';
import { IntentModel } from './intent-model';
import { sharedTrainer, unpackModel, type Trainer } from './trainer';
import { nodeIdOfLabel, trainingDocuments, trainingKey, type TrainingDocument, type TrainingNode } from './training';
import { loadWorkspace, trainable } from './workspace';

/**
 * Each workspace's trained model, ready for the assistant's turns.
 *
 * A model is named by its training key (the nodes' names and examples and the settings). A turn
 * asks for the model of its workspace's current key: from memory (shared by the whole process —
 * the same key is the same model in any database), else from the database (bot_models, so a
 * restart does not train again), else it is trained in the worker thread (trainer.ts) and stored.
 * When the examples changed, the turn is answered with the workspace's previous model while the
 * new one trains; only a workspace that never had a model waits for its first training (without
 * blocking the event loop). Models are written with the platform's own database handle, never in
 * the turn's transaction: a rolled-back turn does not lose a trained model, and the turn never
 * waits on a write.
 */

/** A workspace's trained model and the phrases that name exactly one of its nodes. */
export class WorkspaceModel {
  private constructor(
    readonly key: string,
    readonly intents: IntentModel,
    /** The exported model, gzipped (TrainedModel.model: what bot_models keeps). */
    readonly packed: Buffer,
    readonly trainingMs: number,
    private readonly exact: ReadonlyMap<string, string | null>
  ) {}

  /** Rejects on bytes that are not a gzipped exported model. */
  static async load(key: string, packed: Buffer, trainingMs: number, documents: readonly TrainingDocument[]): Promise<WorkspaceModel> {
    return new WorkspaceModel(key, IntentModel.fromJSON(await unpackModel(packed)), packed, trainingMs, exactPhrases(documents));
  }

  /** The same trained model with another workspace's exact phrases (a previous model answering for changed examples). */
  withPhrases(documents: readonly TrainingDocument[]): WorkspaceModel {
    return new WorkspaceModel(this.key, this.intents, this.packed, this.trainingMs, exactPhrases(documents));
  }

  /** The node one of whose examples (or its name) is exactly this prepared text, when only one node has it. */
  exactNode(prepared: string): string | null {
    return this.exact.get(prepared) ?? null;
  }
}

/** Prepared phrase → its node (null when two nodes share it). */
function exactPhrases(documents: readonly TrainingDocument[]): Map<string, string | null> {
  const exact = new Map<string, string | null>();
  for (const { utterance, label } of documents) {
    const nodeId = nodeIdOfLabel(label);
    if (nodeId === null) continue;
    exact.set(utterance, exact.has(utterance) && exact.get(utterance) !== nodeId ? null : nodeId);
  }
  return exact;
}

/** Models kept in memory (the least recently used go first). */
const MEMORY_LIMIT = 32;
const inMemory = new LRUCache<string, WorkspaceModel>({ max: MEMORY_LIMIT });
const inTraining = new Map<string, Promise<WorkspaceModel>>();

/** Forgets every model kept in memory, as a restart does (the bench and tests use it to load models from the database). */
export function forgetModelsInMemory(): void {
  inMemory.clear();
}

/** The training keys of the models kept in memory (tests). */
export function modelKeysInMemory(): string[] {
  return [...inMemory.keys()];
}

export interface ModelWorkspace {
  id: number;
  nodes: readonly TrainingNode[];
}

export interface ModelRegistryOptions {
  /** The platform's database (not a transaction): where trained models are stored. */
  db: Db;
  trainer?: Trainer;
  now?: () => Date;
  onError?: (error: unknown, context: string) => void;
}

export class ModelRegistry {
  private readonly db: Db;
  private readonly trainer: Trainer;
  private readonly now: () => Date;
  private readonly onError: (error: unknown, context: string) => void;
  /** Per workspace, the model it last answered with (answers while a new one trains). */
  private readonly latest = new Map<number, WorkspaceModel>();
  /** Per workspace, the key known to be stored in this database. */
  private readonly stored = new Map<number, string>();
  private readonly background = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: ModelRegistryOptions) {
    this.db = options.db;
    this.trainer = options.trainer ?? sharedTrainer;
    this.now = options.now ?? (() => new Date());
    this.onError = options.onError ?? (() => undefined);
  }

  /** The model a turn answers with (`db` may be the turn's transaction: it is only read). Null for a workspace without nodes, or whose first training failed. */
  async modelFor(db: Db, workspace: ModelWorkspace): Promise<WorkspaceModel | null> {
    if (workspace.nodes.length === 0) return null;
    const key = trainingKey(workspace.nodes);
    const known = inMemory.get(key);
    if (known) {
      this.answerWith(workspace.id, known);
      this.ensureStored(workspace.id, known);
      return known;
    }
    const previous = this.latest.get(workspace.id);
    if (previous && inTraining.has(key)) return previous;

    const documents = trainingDocuments(workspace.nodes);
    const [row] = await db.select().from(botModels).where(eq(botModels.workspaceId, workspace.id));
    const current = row && row.trainingKey === key;
    if (current) {
      const loaded = await this.loadStored(row.trainingKey, row.model, row.trainingMs, documents);
      if (loaded) {
        inMemory.set(key, loaded);
        this.stored.set(workspace.id, key);
        this.answerWith(workspace.id, loaded);
        return loaded;
      }
    }
    const training = this.train(workspace.id, key, documents);
    // A stored model of other examples answers meanwhile (one of these examples, unreadable just now, does not).
    const stale = previous ?? (row && !current ? await this.loadStored(row.trainingKey, row.model, row.trainingMs, documents) : null);
    if (stale) {
      const answering = stale.withPhrases(documents);
      this.answerWith(workspace.id, answering);
      training.catch(() => undefined); // reported by train()
      return answering;
    }
    // A workspace's first model: the turn waits for it (the event loop does not). Should the training
    // fail (reported by train()), the turn is not understood rather than lost.
    return training.catch(() => null);
  }

  /** Loads (or trains and stores) the model of every workspace: run at start, so no customer waits for a training. */
  async warmUp(): Promise<void> {
    const work = this.warmUpAll();
    this.track(work);
    await work;
  }

  /** Waits for the trainings and writes under way (new ones are not started). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async warmUpAll(): Promise<void> {
    const agents = await this.db
      .selectDistinct({ organizationId: workspaces.organizationId, idVa: workspaces.idVa })
      .from(workspaces)
      .orderBy(asc(workspaces.organizationId), asc(workspaces.idVa));
    for (const { organizationId, idVa } of agents) {
      if (this.closed) return;
      try {
        const workspace = await loadWorkspace(this.db, organizationId, idVa);
        if (workspace) await this.modelFor(this.db, trainable(workspace));
      } catch (error) {
        this.onError(error, `warm-up of organisation ${organizationId} assistant ${idVa}`);
      }
    }
  }

  private async loadStored(key: string, packed: Buffer, trainingMs: number, documents: readonly TrainingDocument[]): Promise<WorkspaceModel | null> {
    try {
      return await WorkspaceModel.load(key, packed, trainingMs, documents);
    } catch (error) {
      this.onError(error, 'stored model unreadable');
      return null;
    }
  }

  private train(workspaceId: number, key: string, documents: readonly TrainingDocument[]): Promise<WorkspaceModel> {
    let shared = inTraining.get(key);
    if (!shared) {
      const started = this.trainer.train(documents).then(async (trained) => {
        const model = await WorkspaceModel.load(key, trained.model, trained.trainingMs, documents);
        inMemory.set(key, model);
        return model;
      });
      shared = started;
      inTraining.set(key, started);
      const forget = () => {
        if (inTraining.get(key) === started) inTraining.delete(key);
      };
      started.then(forget, forget);
    }
    const mine = shared.then((model) => {
      const own = model.withPhrases(documents);
      this.answerWith(workspaceId, own);
      this.ensureStored(workspaceId, own);
      return own;
    });
    this.track(mine.catch((error: unknown) => this.onError(error, `training of workspace ${workspaceId}`)));
    return mine;
  }

  /**
   * The workspace answers with this model from now on. The model it answered with before, when
   * trained from other examples, leaves the process's memory unless another workspace of this
   * platform still answers with it: a 2,000-node model takes tens of MB, and a workspace edited
   * many times would otherwise keep MEMORY_LIMIT of them.
   */
  private answerWith(workspaceId: number, model: WorkspaceModel): void {
    const before = this.latest.get(workspaceId);
    this.latest.set(workspaceId, model);
    if (!before || before.key === model.key) return;
    for (const other of this.latest.values()) if (other.key === before.key) return;
    inMemory.delete(before.key);
  }

  /** Stores the model for the workspace unless this database already has it (in the background, with the platform's handle). */
  private ensureStored(workspaceId: number, model: WorkspaceModel): void {
    if (this.stored.get(workspaceId) === model.key || this.closed) return;
    this.stored.set(workspaceId, model.key);
    const write = (async () => {
      const [row] = await this.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, workspaceId));
      if (row?.key === model.key) return;
      const values = { trainingKey: model.key, model: model.packed, trainedAt: this.now(), trainingMs: model.trainingMs };
      await this.db
        .insert(botModels)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: botModels.workspaceId, set: values });
    })();
    this.track(
      write.catch((error: unknown) => {
        if (this.stored.get(workspaceId) === model.key) this.stored.delete(workspaceId);
        this.onError(error, `storing the model of workspace ${workspaceId}`);
      })
    );
  }

  private track(work: Promise<unknown>): void {
    this.background.add(work);
    const done = () => this.background.delete(work);
    work.then(done, done);
  }
}
