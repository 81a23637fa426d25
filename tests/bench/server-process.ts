/**
 * A bench server in a process of its own, as the platform runs apart from its customers and agents:
 * the latency figures then time the server's work, not the bench clients' (their parsing and their
 * garbage collection stay in the bench's process). Started by `startServerProcess` with one
 * request — a bare socket.io echo, or the platform with `agents` load agents prepared — it answers
 * where it listens, and stops (closing the server) when told or when its parent goes away.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { NotifyRequest } from './notify-platform';

/** Where a bench process opens its database (a DatabaseTarget that crosses IPC: no template image). */
export const BenchDatabase = z.discriminatedUnion('kind', [z.object({ kind: z.literal('pglite'), dataDir: z.string().nullable() }), z.object({ kind: z.literal('postgres'), url: z.string() })]);

export type BenchDatabase = z.infer<typeof BenchDatabase>;

const Request = z.discriminatedUnion('kind', [
  /** The bare echo; with `floor`, the echo that first stores each message on that database (echo-floor.ts). */
  z.object({ kind: z.literal('echo'), floor: z.object({ database: BenchDatabase, customers: z.number().int().positive() }).optional() }),
  /** The platform alone, on a database already prepared (the export bench). */
  z.object({ kind: z.literal('plain'), database: BenchDatabase }),
  z.object({
    kind: z.literal('platform'),
    database: BenchDatabase,
    agents: z.number().int().positive(),
    customers: z.number().int().positive(),
    tag: z.string(),
    /** Conversations of generated history for org 100 over the last 90 days (the analytics readers' data). */
    conversations: z.number().int().nonnegative().default(0),
    /** Lifts the per-socket message limit (a saturation run sends faster than any person). */
    unthrottled: z.boolean().default(false),
    /** The assistant's classifier: NLP.js as the platform runs, or the former token matcher (the `chat` bench's run without NLP.js). */
    classifier: z.enum(['nlp', 'former-matcher']).default('nlp'),
    /** SMTP servers on loopback allowed (NOTIFY_ALLOWED_HOSTS=127.0.0.1): the notify bench's sink. */
    notifyLoopback: z.boolean().default(false)
  })
]);
export type ServerRequest = z.input<typeof Request>;

const Ready = z.object({ url: z.string(), emails: z.array(z.string()) });
const Failed = z.object({ error: z.string() });
export type ServerReady = z.infer<typeof Ready>;

export interface ServerProcess extends ServerReady {
  stop(): Promise<void>;
  /** The platform's stored models (a 'platform' request only): per workspace, its training key and how long it trained (ms). */
  botModels(): Promise<BotModelRow[]>;
  /** The notify bench's requests (a 'platform' request only; notify-platform.ts): answers what the platform's side answered. */
  notify(request: NotifyRequest): Promise<unknown>;
}

const NotifyAnswer = z.object({ notifyId: z.number(), result: z.unknown().optional(), error: z.string().optional() });

const BotModelRow = z.object({ workspaceId: z.number(), trainingKey: z.string(), trainingMs: z.number() });
export type BotModelRow = z.infer<typeof BotModelRow>;
const BotModels = z.object({ botModels: z.array(BotModelRow) });

/** Forks this file (under tsx) and waits until its server listens. */
export function startServerProcess(request: ServerRequest): Promise<ServerProcess> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.connected) child.send('stop');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench: the ${request.kind} server process exited (${code}) before it listened`)));
    child.once('message', (raw: unknown) => {
      const ready = Ready.safeParse(raw);
      const botModels = () =>
        new Promise<BotModelRow[]>((answer) => {
          const listen = (message: unknown) => {
            const rows = BotModels.safeParse(message);
            if (!rows.success) return;
            child.off('message', listen);
            answer(rows.data.botModels);
          };
          child.on('message', listen);
          child.send('botModels');
        });
      const answers = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
      let asked = 0;
      child.on('message', (message: unknown) => {
        const answer = NotifyAnswer.safeParse(message);
        if (!answer.success) return;
        const waiting = answers.get(answer.data.notifyId);
        answers.delete(answer.data.notifyId);
        if (answer.data.error !== undefined) waiting?.reject(new Error(`bench: the platform's notify ${answer.data.error}`));
        else waiting?.resolve(answer.data.result);
      });
      const notify = (notifyRequest: NotifyRequest) =>
        new Promise<unknown>((answer, fail) => {
          if (!child.connected) return fail(new Error('bench: the platform process is gone'));
          const notifyId = ++asked;
          answers.set(notifyId, { resolve: answer, reject: fail });
          child.send({ notify: notifyRequest, notifyId });
        });
      if (ready.success) return resolve({ ...ready.data, stop, botModels, notify });
      const failed = Failed.safeParse(raw);
      void stop();
      reject(new Error(`bench: the ${request.kind} server process failed: ${failed.success ? failed.data.error : 'unexpected message'}`));
    });
    child.send(request);
  });
}

const NotifyAsked = z.object({ notify: z.unknown(), notifyId: z.number() });

async function answerNotify(app: import('fastify').FastifyInstance, asked: z.infer<typeof NotifyAsked>): Promise<void> {
  const { handleNotify } = await import('./notify-platform');
  try {
    process.send?.({ notifyId: asked.notifyId, result: await handleNotify(app, asked.notify) });
  } catch (error) {
    process.send?.({ notifyId: asked.notifyId, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The child's side: one request, then serve until 'stop' or the parent's disconnect. */
async function serve(raw: unknown): Promise<void> {
  const request = Request.parse(raw);
  let close: () => Promise<void>;
  let ready: ServerReady;
  let platformDb: import('../../src/server/db/types').Db | null = null;
  let platformApp: import('fastify').FastifyInstance | null = null;
  if (request.kind === 'echo') {
    const { startEchoServer } = await import('./echo-baseline');
    // The bare echo loads nothing of the platform's: the floor's database code only when asked for.
    const store = request.floor ? await (await import('./echo-floor')).openFloorStore(request.floor.database, request.floor.customers) : undefined;
    const echo = await startEchoServer({ store });
    close = echo.close;
    ready = { url: echo.url, emails: [] };
  } else if (request.kind === 'plain') {
    const { startBenchPlatform } = await import('./platform');
    const { app, url } = await startBenchPlatform(request.database);
    close = () => app.close();
    ready = { url, emails: [] };
  } else {
    const { startBenchPlatform } = await import('./platform');
    const { prepareAgents } = await import('./chat-latency');
    const { generateActivity } = await import('../../src/server/demo/activity');
    const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
    const { formerClassifier } = await import('./bot-baseline-matcher');
    const { ldapAllowedHosts } = await import('../../src/server/config');
    const { app, url } = await startBenchPlatform(
      request.database,
      {
        ...(request.unthrottled ? { socketRateLimits: { messages: unlimited, events: unlimited } } : {}),
        ...(request.notifyLoopback ? { notifyAllowedHosts: ldapAllowedHosts('127.0.0.1', 'NOTIFY_ALLOWED_HOSTS') } : {})
      },
      request.classifier === 'former-matcher' ? { classify: formerClassifier } : {}
    );
    close = () => app.close();
    platformDb = app.db;
    platformApp = app;
    if (request.conversations > 0) await generateActivity(app.db, { org: 100, now: new Date(), count: request.conversations, days: 90 });
    ready = { url, emails: await prepareAgents(app, request.agents, request.customers, request.tag) };
  }
  const reportBotModels = async () => {
    if (!platformDb) return;
    const { botModels } = await import('../../src/server/db/schema');
    const rows = await platformDb.select({ workspaceId: botModels.workspaceId, trainingKey: botModels.trainingKey, trainingMs: botModels.trainingMs }).from(botModels);
    process.send?.({ botModels: rows });
  };
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= close().finally(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message === 'stop') stop();
    // The assistant-config bench reads which model each workspace answers with, and how long it trained.
    if (message === 'botModels' && request.kind === 'platform') void reportBotModels();
    // The notify bench: its channel, its queued summaries, what the outbox holds (notify-platform.ts).
    const asked = NotifyAsked.safeParse(message);
    if (asked.success && platformApp) void answerNotify(platformApp, asked.data);
  });
  process.once('disconnect', stop);
  process.send?.(ready);
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    serve(raw).catch((error: unknown) => {
      process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
    });
  });
}
