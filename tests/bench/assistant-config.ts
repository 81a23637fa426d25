/**
 * Virtual-assistant configuration live for customers (issue 38). Organisation 100's assistant 1 is
 * given a generated Watson export of `intents` intents through the import route, as an
 * administrator does it (tests/support/watson-export-generator.ts), besides its demo nodes.
 *
 *  - Save → live, on the platform in a process of its own (server-process.ts, in-memory PGlite): an
 *    administrator saves an answer (PUT /api/answers over HTTP, as the app's main process sends it)
 *    and one customer in the widget asks that intent's question, again after each answer, until the
 *    assistant gives the new answer: from the save's request to that answer. Goal ≤ 2 s. Baseline:
 *    the same customer's turn without a save (median of `rounds`).
 *    Beside it, the retraining time: an import of the same workspace with changed phrasings (an
 *    example made of words the previous model never saw) until the first customer turn the new
 *    model answers.
 *  - Customer→agent p99 while that retraining goes on (imports one after the other for as long as
 *    the crowd types) ÷ the same p99 without it, on the same platform, samples pooled over the
 *    phases without / with / floor / floor / with / without. Goal ≤ 1.2×. The floor: the same chat
 *    beside bare NLP.js training the same corpus over and over in a process of its own
 *    (nlp-trainer-process.ts) — training takes a core whoever does it; the platform ÷ the floor
 *    is what the platform adds to that.
 *  - The import of a generated export of `importMb` MB (about 2,000 nodes), dry run then apply, on a
 *    platform in this process, until the new model answers ÷ bare NLP.js train() of the same
 *    intents in a fresh process; the process's peak RSS growth meanwhile (sampled from a thread of its
 *    own; the trainer's worker thread counts in it). Goals ≤ 1.5× and < 200 MB. The floor
 *    of that memory: the file parsed once, bare training, the model exported and imported.
 */
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { WIDGET_NAMESPACE, LiveMessage, type WidgetConfig } from '../../src/shared/realtime';
import { Answer, Workspace } from '../../src/shared/domain/workspace';
import { WatsonImportResult } from '../../src/shared/domain/watson-import';
import { trainingDocuments } from '../../src/server/bot/training';
import { answersFor } from '../../scripts/simulate/customer';
import { generateWatsonExport } from '../support/watson-export-generator';
import { openCrowd } from './chat-latency';
import { ackData, CLIENT_OPTIONS, connected, widgetConfig } from './customers';
import { signInToken, startBenchPlatform } from './platform';
import { startServerProcess } from './server-process';
import { importFloor, startBareTrainer, type Corpus } from './nlp-trainer-process';
import { atMost, LABEL_WIDTH, nowMs, peakRssGrowth, percentile, ratioLine } from './report';

export interface AssistantConfigOptions {
  /** BENCH_ASSISTANT_INTENTS (200): intents of the imported workspace. */
  intents: number;
  /** BENCH_ASSISTANT_ROUNDS (5): saves timed (and plain turns for the baseline). */
  rounds: number;
  /** BENCH_ASSISTANT_AGENTS (20) and BENCH_ASSISTANT_CUSTOMERS (80): the chat beside the retraining. */
  agents: number;
  customers: number;
  /** BENCH_ASSISTANT_MESSAGES (15): measured messages per customer per phase, at BENCH_CHAT_PACE_MS. */
  messages: number;
  paceMs: number;
  /** BENCH_ASSISTANT_IMPORT_MB (10): the large export's size. */
  importMb: number;
  /** BENCH_ASSISTANT_FIGURES (all): 'live' (save → live, retraining, p99) or 'import' (the large import) alone. */
  figures: 'all' | 'live' | 'import';
}

const SAVE_LIVE_GOAL_MS = 2000;
const RETRAINING_P99_GOAL = 1.2;
const IMPORT_GOAL = 1.5;
const IMPORT_RSS_GOAL_MB = 200;
const ADMIN = 'admin@demo.co';
/** The generated intent whose answer is changed and whose examples get the fresh phrase: the generator gives every tenth from the third a text and an image. */
const TARGET = 2;
/** Words no generated example uses: an example made of two of them is understood only by a model trained on it. */
const FRESH_WORDS = ['zafiro', 'turquesa', 'esmeralda', 'ámbar', 'ópalo', 'topacio', 'granate', 'obsidiana', 'cuarzo', 'malaquita', 'coral', 'azabache'];

const line = (label: string, text: string) => `${label.padEnd(LABEL_WIDTH)} ${text}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Admin {
  url: string;
  token: string;
  workspaceId: number;
}

async function api<T>(admin: Pick<Admin, 'url' | 'token'>, method: string, path: string, schema: z.ZodType<T>, body?: string, type = 'application/json'): Promise<T> {
  const res = await fetch(`${admin.url}${path}`, { method, headers: { authorization: `Bearer ${admin.token}`, ...(body === undefined ? {} : { 'content-type': type }) }, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`bench: ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return schema.parse(JSON.parse(text));
}

async function signInAdmin(url: string): Promise<Admin> {
  const token = await signInToken(url, ADMIN);
  const [workspace] = await api({ url, token }, 'GET', '/api/workspaces?idVa=1', z.array(Workspace));
  if (!workspace) throw new Error('bench: organisation 100 has no workspace for its assistant 1');
  return { url, token, workspaceId: workspace.id };
}

function importExport(admin: Admin, json: string, dryRun: boolean): Promise<WatsonImportResult> {
  return api(admin, 'POST', `/api/workspaces/${admin.workspaceId}/watson-import?dryRun=${dryRun}`, WatsonImportResult, json);
}

/** The first text of a node's stored answer. */
async function answerText(admin: Admin, nodeId: string): Promise<string> {
  const answer = await api(admin, 'GET', `/api/answers/respNodeIdWrkspc/${admin.workspaceId}/respNodeWatsonNodeId/${encodeURIComponent(nodeId)}`, Answer);
  const text = answer.details.find((d) => d.elementTypesIdType === 1)?.elementValue;
  if (text === undefined) throw new Error(`bench: node ${nodeId} has no text answer`);
  return text;
}

/** What the bench reads of a generated export; loose, so what it writes back keeps every other field. */
const ExportShape = z.looseObject({
  intents: z.array(z.looseObject({ intent: z.string(), examples: z.array(z.looseObject({ text: z.string() })) })),
  dialog_nodes: z.array(z.looseObject({ dialog_node: z.string(), conditions: z.string().nullable() }))
});
type ExportShape = z.infer<typeof ExportShape>;

/**
 * A generated export of `intents` intents (seeded), whose intent TARGET also has an example made of
 * two fresh words of `round`; `asked` is another sentence with those words, which only a model
 * trained on this export understands (the example itself would be matched exactly, model or not).
 */
function exportWithFreshExample(intents: number, seed: number, round: number): { json: string; asked: string; nodeId: string; parsed: ExportShape } {
  const generated = generateWatsonExport({ targetBytes: intents * 5200, nodes: intents * 2, seed });
  const parsed = ExportShape.parse(JSON.parse(generated.json));
  const intent = parsed.intents[TARGET];
  if (!intent) throw new Error(`bench: the generated export has no intent ${TARGET}`);
  const [a, b] = [FRESH_WORDS[(2 * round) % FRESH_WORDS.length], FRESH_WORDS[(2 * round + 1) % FRESH_WORDS.length]];
  // Several examples, so that the new model is sure of them; none is what the customer asks.
  // The round's number too: the words come round again, an export (a model: the platform keeps models by what they were trained on) never does.
  for (const text of [`${a} ${b}`, `consultar ${a} ${b}`, `${a} ${b} hoy`, `información de ${a} ${b}`, `ayuda con ${a} ${b} ${round}`]) intent.examples.push({ text });
  const node = parsed.dialog_nodes.find((n) => n.conditions === `#${intent.intent}`);
  if (!node) throw new Error(`bench: no root node answers #${intent.intent}`);
  return { json: JSON.stringify(parsed), asked: `quiero ${a} ${b}`, nodeId: node.dialog_node, parsed };
}

/**
 * The bare NLP.js corpus of an export: its intents' examples and names as the platform hands them to
 * NLP.js (training.ts trainingDocuments: normalised, one label per node). Not the raw texts: the
 * generator numbers its examples ('… 12'), numbers the normalising drops, so raw texts are easier
 * to tell apart than what any platform trains on (on 200 intents raw trained in 1.6 s, the same
 * documents normalised in 22 s).
 */
const corpusOf = (parsed: ExportShape): Corpus =>
  trainingDocuments(parsed.intents.map((i) => ({ nodeId: i.intent, nodeName: i.intent.replace(/_/g, ' '), examples: i.examples.map((e) => e.text) })));

/** A customer talking to the assistant: `ask` sends a text and resolves with the assistant's next message. */
interface BotCustomer {
  ask(text: string): Promise<LiveMessage>;
  close(): void;
}

async function botCustomer(url: string, config: WidgetConfig, n: number, tag: string): Promise<BotCustomer> {
  const socket: Socket = io(`${url}${WIDGET_NAMESPACE}`, { ...CLIENT_OPTIONS, auth: { org: 100, va: 1 } });
  let waiting: ((message: LiveMessage) => void) | null = null;
  socket.on('widget:message', (raw: unknown) => {
    const message = LiveMessage.safeParse(raw);
    if (message.success && message.data.tipoUsuario === 'BOT' && waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(message.data);
    }
  });
  await connected(socket, `assistant customer ${n}`);
  ackData('widget:start', await socket.emitWithAck('widget:start', { fields: answersFor(config, n, tag) }));
  let k = 0;
  return {
    async ask(text) {
      const answered = new Promise<LiveMessage>((resolve, reject) => {
        waiting = resolve;
        setTimeout(() => reject(new Error(`bench: the assistant did not answer «${text}» within 60 s`)), 60_000).unref();
      });
      ackData('widget:message', await socket.emitWithAck('widget:message', { clientId: `${tag}-bot-${n}-${++k}`, text, attachment: null }));
      return answered;
    },
    close: () => socket.disconnect()
  };
}

/** A question every model of the bench understands (the demo's hours node). */
const UNDERSTOOD = 'horario de atención';

/**
 * Asks `phrase` until the assistant answers `expected` (the new model, or the new answer); the time
 * from `since`. After an answer that is not it, the customer asks something the assistant surely
 * understands: two texts in a row not understood hand the conversation over to a human. `paceMs`:
 * the pause before asking again (0: at once, to time a save to the millisecond; a training of
 * minutes is probed at a person's pace, or the probe's own thousands of turns would be measured).
 */
async function untilAnswered(customer: BotCustomer, phrase: string, expected: string, since: number, paceMs = 0, timeoutMs = 900_000): Promise<{ ms: number; turns: number }> {
  for (let turns = 1; ; turns++) {
    const message = await customer.ask(phrase);
    if (message.mensaje.includes(expected)) return { ms: nowMs() - since, turns };
    if (nowMs() - since > timeoutMs) throw new Error(`bench: «${phrase}» still not answered with the new model after ${seconds(timeoutMs)}`);
    await customer.ask(UNDERSTOOD);
    if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
  }
}

/** The pause between a large import's probes: a customer writing every second (the figure is minutes long). */
const IMPORT_PROBE_PACE_MS = 1000;

/** Saves → live and the retraining, then the chat's p99 with and without retraining going on. */
async function liveFigures(options: AssistantConfigOptions, tag: string): Promise<string[]> {
  const { intents, rounds, agents, customers, messages, paceMs } = options;
  // The probing customer asks again at once after each answer, faster than any person: the per-socket limit is lifted.
  const platform = await startServerProcess({ kind: 'platform', database: { kind: 'pglite', dataDir: null }, agents, customers, tag, unthrottled: true });
  const closing: (() => void)[] = [];
  try {
    const admin = await signInAdmin(platform.url);
    const config = await widgetConfig(platform.url);
    const customer = await botCustomer(platform.url, config, 1, tag);
    closing.push(customer.close);
    // The exports the rounds import, written before anything is timed (the bench's clients share this process).
    const exportsByRound = Array.from({ length: 40 }, (_, round) => exportWithFreshExample(intents, 1 + (round % 2), round));
    const exportOf = (round: number) => exportsByRound[round] ?? exportWithFreshExample(intents, 1 + (round % 2), round);

    // The workspace: the generated export imported (dry run first, as the dialog does), its model ready.
    let round = 0;
    const first = exportOf(0);
    await importExport(admin, first.json, true);
    const importStart = nowMs();
    await importExport(admin, first.json, false);
    const initial = await untilAnswered(customer, first.asked, await answerText(admin, first.nodeId), importStart);

    // A plain turn (the baseline), then saves of a new answer until the customer gets it.
    const question = first.parsed.intents[TARGET]!.examples[0]!.text;
    const plain: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const start = nowMs();
      await customer.ask(question);
      plain.push(nowMs() - start);
    }
    const saves: number[] = [];
    const turns: number[] = [];
    for (let r = 1; r <= rounds; r++) {
      const text = `Respuesta ${r} de la prueba de carga (${tag}): el trámite se hace en línea.`;
      const start = nowMs();
      await api(admin, 'PUT', '/api/answers', z.unknown(), JSON.stringify({ workspaceId: admin.workspaceId, nodeId: first.nodeId, details: [{ elementTypesIdType: 1, elementOrderPos: 0, elementValue: text }] }));
      const live = await untilAnswered(customer, question, text, start);
      saves.push(live.ms);
      turns.push(live.turns);
    }

    // Retraining: each import changes the phrasings (another seed, a fresh example), the customer asks with the fresh words.
    // Two figures per import: until a turn gets the change (the exact phrases and the evidence of the
    // new examples apply at once, the previous model answering meanwhile), and until the new model is
    // trained and stored (the platform's bot_models row, its training_ms the worker's time). Beside
    // the crowd no customer probes (its turns one after the other would be load of their own): only
    // the stored model is watched.
    const retrainings: number[] = [];
    const trained: number[] = [];
    const trainingMs: number[] = [];
    const storedModel = async () => (await platform.botModels()).find((m) => m.workspaceId === admin.workspaceId);
    const retrain = async (probe: boolean) => {
      round += 1;
      const next = exportOf(round);
      const before = (await storedModel())?.trainingKey;
      const start = nowMs();
      await importExport(admin, next.json, false);
      if (probe) retrainings.push((await untilAnswered(customer, next.asked, await answerText(admin, next.nodeId), start)).ms);
      for (;;) {
        const model = await storedModel();
        if (model && model.trainingKey !== before) {
          trained.push(nowMs() - start);
          trainingMs.push(model.trainingMs);
          return;
        }
        if (nowMs() - start > 900_000) throw new Error('bench: no new model stored 15 minutes after an import');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    for (let r = 0; r < rounds; r++) await retrain(true);
    const during = trained.length;

    // The chat without, with retraining going on, and beside the floor: bare NLP.js training the same corpus over and over in a process of its own.
    const crowd = await openCrowd(platform, customers, tag);
    closing.push(crowd.close);
    const samples = { without: [] as number[], with: [] as number[], floor: [] as number[] };
    const bareTrainings: number[] = [];
    for (const phase of ['without', 'with', 'floor', 'floor', 'with', 'without'] as const) {
      if (phase === 'without') {
        samples.without.push(...(await crowd.drive(messages, paceMs)).samples);
      } else if (phase === 'floor') {
        const trainer = await startBareTrainer(corpusOf(first.parsed));
        try {
          samples.floor.push(...(await crowd.drive(messages, paceMs)).samples);
        } finally {
          bareTrainings.push(...(await trainer.stop()));
        }
      } else {
        let typing = true;
        const retraining = (async () => {
          while (typing) await retrain(false);
        })();
        try {
          samples.with.push(...(await crowd.drive(messages, paceMs)).samples);
        } finally {
          typing = false;
          await retraining;
        }
      }
    }

    const median = (list: readonly number[]) => percentile(list, 50);
    const [p99With, p99Without, p99Floor] = [percentile(samples.with, 99), percentile(samples.without, 99), percentile(samples.floor, 99)];
    return [
      `assistant-config: organisation 100's assistant given a generated ${intents}-intent Watson export (imported over HTTP), its demo nodes kept; the platform in a process of its own, in-memory PGlite`,
      ratioLine(`save → live: an answer saved until a customer's turn gets it (median of ${rounds})`, median(saves), median(plain), 'one plain customer turn', `max ${seconds(Math.max(...saves))}, ${Math.max(...turns)} turn(s) at most; goal ≤ ${SAVE_LIVE_GOAL_MS / 1000} s — ${Math.max(...saves) <= SAVE_LIVE_GOAL_MS ? 'met' : 'not met'}`),
      line('an import with changed phrasings until a customer turn gets them', `median ${seconds(median(retrainings))} (min ${seconds(Math.min(...retrainings))}, max ${seconds(Math.max(...retrainings))}, ${retrainings.length} imports); the first import ${seconds(initial.ms)}`),
      ratioLine('retraining: that import until its new model is trained and stored (median)', median(trained), median(bareTrainings), 'bare NLP.js train() of the corpus, another process', `the worker's own training ${seconds(median(trainingMs))}`),
      ratioLine(`customer→agent p99 while retraining (${trained.length - during} imports meanwhile)`, p99With, p99Without, 'the same p99 without', atMost(p99With / p99Without, RETRAINING_P99_GOAL)),
      ratioLine('(floor: the same p99 beside bare NLP.js training in another process)', p99Floor, p99Without, 'the same p99 without'),
      ratioLine('(customer→agent p99 while retraining ÷ that floor)', p99With, p99Floor, 'floor p99'),
      line('(customer→agent p50 without / with retraining / floor)', `${median(samples.without).toFixed(1)} / ${median(samples.with).toFixed(1)} / ${median(samples.floor).toFixed(1)} ms; ${agents} agents, ${customers} customers, ${messages} messages each per phase (two phases each), pace ${paceMs} ms`)
    ];
  } finally {
    for (const close of closing) close();
    await platform.stop();
  }
}

/** The large import, dry run then apply, until its model answers ÷ bare NLP.js training of its intents. */
async function importFigures(options: AssistantConfigOptions, tag: string): Promise<string[]> {
  const generated = generateWatsonExport({ targetBytes: options.importMb * 1024 * 1024, seed: 7 });
  const parsed = ExportShape.parse(JSON.parse(generated.json));
  const intent = parsed.intents[TARGET]!;
  const [a, b] = [FRESH_WORDS[0], FRESH_WORDS[1]];
  for (const text of [`${a} ${b}`, `consultar ${a} ${b}`, `${a} ${b} hoy`, `información de ${a} ${b}`, `ayuda con ${a} ${b}`]) intent.examples.push({ text });
  const asked = `quiero ${a} ${b}`;
  const node = parsed.dialog_nodes.find((n) => n.conditions === `#${intent.intent}`);
  if (!node) throw new Error(`bench: no root node answers #${intent.intent}`);
  const json = JSON.stringify(parsed);

  const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
  const { app, url } = await startBenchPlatform(undefined, { socketRateLimits: { messages: unlimited, events: unlimited } });
  let customer: BotCustomer | null = null;
  let closed = false;
  try {
    const admin = await signInAdmin(url);
    customer = await botCustomer(url, await widgetConfig(url), 2, tag);
    const asker = customer;
    const imported = await peakRssGrowth(async () => {
      const start = nowMs();
      const dry = await importExport(admin, json, true);
      const dryMs = nowMs() - start;
      await importExport(admin, json, false);
      const applyMs = nowMs() - start - dryMs;
      const readyMs = (await untilAnswered(asker, asked, await answerText(admin, node.dialog_node), start, IMPORT_PROBE_PACE_MS)).ms;
      return { dry, dryMs, applyMs, readyMs };
    });
    const { dry, dryMs, applyMs, readyMs } = imported.result;
    customer.close();
    customer = null;
    await app.close();
    closed = true;

    // The floors, in a fresh process once the platform is gone: bare NLP.js training of the same
    // documents (its time), and the memory no import can do without (nlp-trainer-process.ts importFloor).
    const floor = await importFloor(json, corpusOf(parsed));
    const bareMs = floor.trainingMs;
    const examples = parsed.intents.reduce((n, i) => n + i.examples.length, 0);
    const growthMb = imported.growth / 1e6;
    const floorMb = floor.growth / 1e6;
    return [
      ratioLine(
        `Watson import of ${(Buffer.byteLength(json) / 1e6).toFixed(1)} MB (${dry.nodes} nodes, ${dry.intents} intents, ${examples} examples): dry run + apply + training`,
        readyMs,
        bareMs,
        'bare NLP.js train() of the same documents',
        atMost(readyMs / bareMs, IMPORT_GOAL)
      ),
      line('(its parts: dry run / apply / until the new model answered)', `${seconds(dryMs)} / ${seconds(applyMs)} / ${seconds(readyMs - dryMs - applyMs)}; ${dry.notCarried.length} things listed as not carried over`),
      line('peak RSS growth during the import (this process, the trainer worker included)', `${growthMb.toFixed(0)} MB  goal < ${IMPORT_RSS_GOAL_MB} MB — ${growthMb < IMPORT_RSS_GOAL_MB ? 'met' : `not met (the floor below: ${(growthMb / floorMb).toFixed(2)}× it)`}`),
      line('(floor, a fresh process: the file parsed, bare training, the model exported and imported)', `${floorMb.toFixed(0)} MB peak RSS growth; the import ÷ that floor ${(growthMb / floorMb).toFixed(2)}×`)
    ];
  } finally {
    customer?.close();
    if (!closed) await app.close();
  }
}

export async function benchAssistantConfig(options: AssistantConfigOptions): Promise<string[]> {
  const tag = `a${Date.now().toString(36)}`;
  const live = options.figures === 'import' ? [] : await liveFigures(options, tag);
  return [...live, ...(options.figures === 'live' ? [] : await importFigures(options, tag))];
}
