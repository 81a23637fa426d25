/**
 * The `soak` bench part (issue 21): a compressed eight-hour shift on the platform (a process of its
 * own, started with --expose-gc: PostgreSQL in a throwaway database when DATABASE_URL is set,
 * in-memory PGlite otherwise). Every hour of the shift lasts `hourSeconds`; within it, evenly spread:
 *  - `chatsPerHour` customers who ask for a human: the widget starts a conversation, the customer
 *    asks for an agent, an agent accepts it, then customer and agent take `messages` turns each
 *    (a real minute apart, compressed), and the customer leaves;
 *  - `botChatsPerHour` customers who only talk to the assistant (two questions) and leave;
 *  - each of the `agents` agents (Conectado the whole shift) takes one pause of ten real minutes
 *    (Pausa with the organisation's first pause event, then Conectado again).
 * At the end of every hour the platform process collects its garbage and reports its RSS and heap,
 * and its event loop's delay over that hour (perf_hooks.monitorEventLoopDelay). Figures: RSS and
 * event-loop delay p99 at the end ÷ after the first hour (goal ≤ 1.1×), and the errors: the
 * platform's error log lines (level ≥ error) and its stderr, and every refused or failed client action.
 * Then, idle for socket.io's recovery window (2 real minutes, which a compressed shift does not
 * shorten: it keeps every departed customer's session that long), RSS and heap once more ÷ the first hour.
 * The per-socket message limits are lifted: compressed, every person types far faster than a person.
 * The agent console's renderer heap over a shift is the `heap` part's second figure (renderer-shift.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { AGENT_NAMESPACE, WIDGET_NAMESPACE } from '../../src/shared/realtime';
import { pauseEvents } from '../../src/server/db/schema';
import { SOCKET_SERVER_OPTIONS } from '../../src/server/realtime/server';
import { answersFor } from '../../scripts/simulate/customer';
import { createTestDatabase } from '../support/database';
import { ackData, CLIENT_OPTIONS, connected, escalatedCustomer, widgetConfig } from './customers';
import { signInToken } from './platform';
import { inBatches, LABEL_WIDTH } from './report';

export interface SoakOptions {
  /** BENCH_SOAK_HOURS (8): hours of the shift. */
  hours: number;
  /** BENCH_SOAK_HOUR_SECONDS (20): how long one shift hour lasts here (the compression is 3600 ÷ this). */
  hourSeconds: number;
  /** BENCH_SOAK_AGENTS (20): agents on shift. */
  agents: number;
  /** BENCH_SOAK_CHATS_PER_HOUR (60): customers per hour who reach an agent. */
  chatsPerHour: number;
  /** BENCH_SOAK_BOT_CHATS_PER_HOUR (30): customers per hour served by the assistant alone. */
  botChatsPerHour: number;
  /** BENCH_SOAK_MESSAGES (6): turns each of customer and agent take per chat. */
  messages: number;
}

/** How long socket.io keeps a departed client's session (connection-state recovery). */
const RECOVERY_MS = SOCKET_SERVER_OPTIONS.connectionStateRecovery.maxDisconnectionDuration;
/** End ÷ first hour, goal. */
const FLAT_WITHIN = 1.1;
/** A real minute between turns of a chat; an agent's pause lasts ten. */
const TURN_REAL_MS = 60_000;
const PAUSE_REAL_MS = 10 * 60_000;

const Sample = z.object({ rss: z.number(), heapUsed: z.number(), lagP99Ms: z.number(), lagMeanMs: z.number(), lagMaxMs: z.number() });
type Sample = z.infer<typeof Sample>;
const Ready = z.object({ url: z.string(), emails: z.array(z.string()), pauseEventId: z.number().nullable() });
const Incoming = z.object({ conversationId: z.string() });

const Request = z.object({
  database: z.discriminatedUnion('kind', [z.object({ kind: z.literal('pglite'), dataDir: z.null() }), z.object({ kind: z.literal('postgres'), url: z.string() })]),
  agents: z.number().int().positive(),
  maxChats: z.number().int().positive(),
  tag: z.string()
});

/** The shift's schedule: when (ms from the shift's start) each hour's arrivals come, evenly spread with a fixed jitter. */
export function arrivals(hours: number, perHour: number, hourMs: number, phase: number): number[] {
  const times: number[] = [];
  for (let h = 0; h < hours; h++) {
    for (let i = 0; i < perHour; i++) {
      // A fixed fraction of the slot (golden-ratio sequence): evenly spread, never two at once, the same every run.
      const within = ((i + phase + 1) * 0.6180339887) % 1;
      times.push(h * hourMs + ((i + within) / perHour) * hourMs);
    }
  }
  return times.sort((a, b) => a - b);
}

/** The compressed duration (ms) of `realMs` of a shift whose hour lasts `hourSeconds`. */
export function compressed(realMs: number, hourSeconds: number): number {
  return (realMs * hourSeconds) / 3600;
}

/** "1.04× … goal ≤ 1.1× — met" for an end ÷ first-hour figure. */
export function flatLine(label: string, end: number, first: number, unit: string, digits = 1): string {
  const ratio = end / first;
  return `${label.padEnd(LABEL_WIDTH)} ${ratio.toFixed(2).padStart(8)} × after the first hour (${end.toFixed(digits)} ${unit} vs ${first.toFixed(digits)} ${unit})  goal ≤ ${FLAT_WITHIN}× — ${ratio <= FLAT_WITHIN ? 'met' : 'not met'}`;
}

/** A pino line at level error (50) or fatal (60). */
export function isErrorLogLine(line: string): boolean {
  return /"level":\s*(5\d|6\d)\b/.test(line);
}

interface SoakPlatform {
  url: string;
  emails: string[];
  pauseEventId: number | null;
  sample(): Promise<Sample>;
  errorLines: string[];
  stop(): Promise<void>;
}

function startSoakPlatform(request: z.infer<typeof Request>): Promise<SoakPlatform> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const errorLines: string[] = [];
  const watch = (stream: NodeJS.ReadableStream | null, everyLineIsError: boolean) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line.trim() !== '' && (everyLineIsError || isErrorLogLine(line))) errorLines.push(line);
    });
  };
  watch(child.stdout, false);
  watch(child.stderr, true);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let waiting: ((raw: unknown) => void) | null = null;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench: the soak platform exited (${code}) before it listened:\n${errorLines.slice(-10).join('\n')}`)));
    child.once('message', (raw: unknown) => {
      const ready = Ready.safeParse(raw);
      if (!ready.success) {
        child.kill();
        return reject(new Error(`bench: the soak platform failed: ${JSON.stringify(raw)}`));
      }
      child.on('message', (message: unknown) => waiting?.(message));
      resolve({
        ...ready.data,
        errorLines,
        sample: () =>
          new Promise((done) => {
            waiting = (message) => {
              waiting = null;
              done(Sample.parse(message));
            };
            child.send('sample');
          }),
        stop: async () => {
          if (child.connected) child.send('stop');
          await exited;
        }
      });
    });
    child.send(request);
  });
}

/** The child: the platform, its agents prepared, sampled on request. */
async function serve(raw: unknown): Promise<void> {
  const request = Request.parse(raw);
  const { startBenchPlatform } = await import('./platform');
  const { prepareAgents } = await import('./chat-latency');
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // A compressed shift makes each agent and customer type `compression` times faster than a person: the per-socket limits would refuse it.
  const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
  const { app, url } = await startBenchPlatform(request.database, { logger: 'warn', socketRateLimits: { messages: unlimited, events: unlimited } });
  const emails = await prepareAgents(app, request.agents, request.agents * request.maxChats, request.tag);
  const [pause] = await app.db
    .select({ id: pauseEvents.id })
    .from(pauseEvents)
    .where(and(eq(pauseEvents.organizationId, 100), eq(pauseEvents.activo, true), eq(pauseEvents.logicDelete, false)))
    .orderBy(asc(pauseEvents.id))
    .limit(1);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('soak platform: run with --expose-gc');
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= app.close().finally(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message === 'stop') return stop();
    if (message !== 'sample') return;
    void (async () => {
      // Several collections, a turn of the loop apart: what one frees may only become collectable for the next.
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const memory = process.memoryUsage();
      const sample: Sample = { rss: memory.rss, heapUsed: memory.heapUsed, lagP99Ms: lag.percentile(99) / 1e6, lagMeanMs: lag.mean / 1e6, lagMaxMs: lag.max / 1e6 };
      lag.reset();
      process.send?.(sample);
    })();
  });
  process.once('disconnect', stop);
  process.send?.({ url, emails, pauseEventId: pause?.id ?? null });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    serve(raw).catch((error: unknown) => {
      process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / (1024 * 1024);

export async function benchSoak(options: SoakOptions): Promise<string[]> {
  const { hours, hourSeconds, agents, chatsPerHour, botChatsPerHour, messages } = options;
  const hourMs = hourSeconds * 1000;
  const turnMs = compressed(TURN_REAL_MS, hourSeconds);
  const compression = 3600 / hourSeconds;
  const tag = `s${Date.now().toString(36)}`;
  const database = process.env.DATABASE_URL ? await createTestDatabase('postgres') : null;
  const target: z.infer<typeof Request>['database'] = database?.target.kind === 'postgres' ? { kind: 'postgres', url: database.target.url } : { kind: 'pglite', dataDir: null };
  const engine = database ? 'PostgreSQL' : 'PGlite (in memory; set DATABASE_URL for PostgreSQL)';
  const lines = [
    `Soak — a ${hours}-hour shift compressed ${compression.toFixed(0)}× (an hour every ${hourSeconds} s) on ${engine}: ${agents} agents, ${chatsPerHour} chats with an agent (${messages} turns each side, a turn every ${turnMs.toFixed(0)} ms) and ${botChatsPerHour} assistant-only chats per hour, one 10-minute pause per agent per hour; ${hours * chatsPerHour} + ${hours * botChatsPerHour} conversations, ${hours * chatsPerHour * (2 * messages + 1) + hours * botChatsPerHour * 2} customer and agent messages`
  ];
  const failures: string[] = [];
  const fail = (what: string) => (error: unknown) => {
    failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  };
  // Enough room for the chats in flight at once (an agent on pause holds none new).
  const maxChats = Math.max(5, Math.ceil((chatsPerHour * (2 * messages + 1) * turnMs) / hourMs / Math.max(1, agents - 1)) * 3);
  const platform = await startSoakPlatform({ database: target, agents, maxChats, tag }).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  const agentSockets: Socket[] = [];
  const customers = new Set<Socket>();
  try {
    const { url, emails, pauseEventId } = platform;
    const config = await widgetConfig(url);
    // Agents: each accepts what it is offered and answers the chat's waiter.
    const holder = new Map<string, Socket>();
    const waiters = new Map<string, (socket: Socket) => void>();
    await inBatches(emails, 4, async (email) => {
      const token = await signInToken(url, email);
      const socket = io(`${url}${AGENT_NAMESPACE}`, { ...CLIENT_OPTIONS, auth: { token } });
      agentSockets.push(socket);
      socket.on('chat:incoming', (raw: unknown) => {
        const chat = Incoming.safeParse(raw);
        if (!chat.success) return fail(email)(new Error('chat:incoming that does not fit'));
        const id = chat.data.conversationId;
        socket
          .emitWithAck('chat:accept', { conversationId: id })
          .then((ack: unknown) => {
            ackData('chat:accept', ack);
            holder.set(id, socket);
            waiters.get(id)?.(socket);
          })
          .catch(fail(`${email} chat:accept`));
      });
      await connected(socket, email);
      ackData('agent:status', await socket.emitWithAck('agent:status', { status: 'CONECTADO', pauseEventId: null }));
    });
    const acceptedBy = (conversationId: string): Promise<Socket> => {
      const known = holder.get(conversationId);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no agent accepted ${conversationId} within a shift hour`)), Math.max(30_000, hourMs));
        waiters.set(conversationId, (socket) => {
          clearTimeout(timer);
          waiters.delete(conversationId);
          resolve(socket);
        });
      });
    };

    let n = 0;
    const humanChat = async (): Promise<void> => {
      const k = ++n;
      const customer = await escalatedCustomer(url, config, k, tag);
      customers.add(customer.socket);
      try {
        const agent = await acceptedBy(customer.conversationId);
        for (let turn = 1; turn <= messages; turn++) {
          await customer.say(`${tag}-c${k}-${turn}`, `Turno ${turn} del cliente ${k}: ¿me ayuda con mi pedido?`);
          await sleep(turnMs);
          ackData(
            'chat:send',
            await agent.emitWithAck('chat:send', { conversationId: customer.conversationId, clientId: `${tag}-a${k}-${turn}`, text: `Con gusto, cliente ${k} (turno ${turn})`, attachment: null })
          );
          await sleep(turnMs);
        }
        ackData('widget:leave', await customer.socket.emitWithAck('widget:leave', {}));
        holder.delete(customer.conversationId);
      } finally {
        customer.socket.disconnect();
        customers.delete(customer.socket);
      }
    };
    const botChat = async (): Promise<void> => {
      const k = ++n;
      const socket = io(`${url}${WIDGET_NAMESPACE}`, { ...CLIENT_OPTIONS, auth: { org: 100, va: 1 } });
      customers.add(socket);
      try {
        await connected(socket, `customer ${k}`);
        ackData('widget:start', await socket.emitWithAck('widget:start', { fields: answersFor(config, k, tag) }));
        for (const [i, text] of ['Hola, ¿cuál es el horario de atención?', '¿Cómo consulto el estado de mi pedido?'].entries()) {
          ackData('widget:message', await socket.emitWithAck('widget:message', { clientId: `${tag}-b${k}-${i}`, text, attachment: null }));
          await sleep(turnMs);
        }
        ackData('widget:leave', await socket.emitWithAck('widget:leave', {}));
      } finally {
        socket.disconnect();
        customers.delete(socket);
      }
    };
    const pauseOf = async (socket: Socket): Promise<void> => {
      if (pauseEventId === null) return;
      ackData('agent:status', await socket.emitWithAck('agent:status', { status: 'PAUSA', pauseEventId }));
      await sleep(compressed(PAUSE_REAL_MS, hourSeconds));
      ackData('agent:status', await socket.emitWithAck('agent:status', { status: 'CONECTADO', pauseEventId: null }));
    };

    // The shift starts now: the platform's start and the sign-ins stay out of the first hour's event-loop figures.
    const atStart = await platform.sample();
    const start = Date.now();
    const running: Promise<void>[] = [];
    const at = (offsetMs: number, action: () => Promise<void>, what: string) => {
      running.push(
        sleep(Math.max(0, start + offsetMs - Date.now()))
          .then(action)
          .catch(fail(what))
      );
    };
    for (const t of arrivals(hours, chatsPerHour, hourMs, 0)) at(t, humanChat, 'chat with an agent');
    for (const t of arrivals(hours, botChatsPerHour, hourMs, 1)) at(t, botChat, 'assistant-only chat');
    agentSockets.forEach((socket, i) => {
      for (const t of arrivals(hours, 1, hourMs, i * 7)) at(t, () => pauseOf(socket), 'agent pause');
    });
    const samples: Sample[] = [];
    for (let h = 1; h <= hours; h++) {
      await sleep(Math.max(0, start + h * hourMs - Date.now()));
      samples.push(await platform.sample());
    }
    await Promise.all(running);
    const [first, end] = [samples[0], samples[samples.length - 1]];
    if (!first || !end) throw new Error('bench: no hour sampled (BENCH_SOAK_HOURS)');
    // Wall-clock windows do not compress: socket.io keeps a departed customer's session for its
    // recovery window (2 real minutes, hours of this shift). Once it has passed, what is still held is the platform's.
    await sleep(RECOVERY_MS + 10_000);
    const afterWindow = await platform.sample();
    const errors = platform.errorLines.length + failures.length;
    lines.push(
      flatLine('Platform RSS at the end of the shift, after GC', mb(end.rss), mb(first.rss), 'MB'),
      flatLine('Platform JS heap at the end of the shift, after GC', mb(end.heapUsed), mb(first.heapUsed), 'MB'),
      flatLine("Event-loop delay p99 over the shift's last hour", end.lagP99Ms, first.lagP99Ms, 'ms'),
      flatLine(`RSS, ${(RECOVERY_MS + 10_000) / 1000} s idle after the shift (recovery window passed)`, mb(afterWindow.rss), mb(first.rss), 'MB'),
      flatLine(`JS heap, ${(RECOVERY_MS + 10_000) / 1000} s idle after the shift (recovery window passed)`, mb(afterWindow.heapUsed), mb(first.heapUsed), 'MB'),
      `(at the start, then by hour — RSS MB: ${[atStart, ...samples].map((s) => mb(s.rss).toFixed(0)).join(', ')}; heap MB: ${[atStart, ...samples].map((s) => mb(s.heapUsed).toFixed(1)).join(', ')}; event-loop p99 ms: ${samples.map((s) => s.lagP99Ms.toFixed(1)).join(', ')}; max ms: ${samples.map((s) => s.lagMaxMs.toFixed(0)).join(', ')})`,
      `${'Errors: platform error log lines and stderr, failed client actions'.padEnd(LABEL_WIDTH)} ${String(errors).padStart(8)}  goal 0 — ${errors === 0 ? 'met' : 'not met'}${errors > 0 ? ` (first: ${(platform.errorLines[0] ?? failures[0] ?? '').slice(0, 240)})` : ''}`,
      pauseEventId === null ? '(no pause event for org 100: agents took no pauses)' : `(agents paused with pause event ${pauseEventId})`,
      "(the agent console's renderer heap over a shift: the heap part's second figure)"
    );
    return lines;
  } finally {
    for (const socket of customers) socket.disconnect();
    for (const socket of agentSockets) socket.disconnect();
    await platform.stop();
    await database?.drop();
  }
}
