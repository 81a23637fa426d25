/**
 * The virtual assistant (issue 22), in this process (no platform: what is measured is the
 * classifier the platform's turns call).
 *
 *  - Accuracy on the customer phrasings of tests/support/bot-phrasings.ts (never training data)
 *    for the three demo assistants: before = the former token matcher (bot-baseline-matcher.ts),
 *    after = the NLP.js assistant (its models trained in the worker thread, its decision
 *    understandTurn with the default thresholds), the same set in the same run. Goals: ≥ 90 % of
 *    in-scope phrasings right (answered, or the right intent among the options), 0 wrong answers,
 *    100 % of out-of-scope ones not understood.
 *  - Training a generated workspace of `intents` intents (8 examples each) the way the platform
 *    does (worker thread, exported model loaded for turns) ÷ bare NLP.js train() of the same corpus
 *    on this thread; goal ≤ 10 s. Beside it, the event loop's delay while the worker trained (it must
 *    stay free: chat turns go on meanwhile) and the time to load the stored model.
 *  - Classification per turn on that workspace (`turns` generated customer texts, after a warm-up):
 *    p50/p99 of the CPU time each turn costs (process.cpuUsage) and of its wall time (which also
 *    counts whatever else the machine runs), ÷ bare NLP.js classification of the same texts; goal
 *    p99 ≤ 5 ms. The same on the demo assistant, and the former matcher on the generated workspace
 *    for comparison.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Nlp } from '@nlpjs/nlp';
import { LangEs } from '@nlpjs/lang-es';
import { understandTurn } from '../../src/server/bot/assistant';
import { WorkspaceModel } from '../../src/server/bot/models';
import { Trainer } from '../../src/server/bot/trainer';
import { LOCALE, NLP_SETTINGS, trainingDocuments, trainingKey, type TrainingNode } from '../../src/server/bot/training';
import { DEFAULT_THRESHOLDS } from '../../src/server/bot/understand';
import type { BotWorkspace } from '../../src/server/bot/workspace';
import { DEMO_WORKSPACES, type DemoWorkspace } from '../../src/server/demo/demo-workspaces';
import { percent, scoreOutcomes, type Accuracy, type Outcome } from '../support/bot-accuracy';
import { BOT_PHRASINGS, type Phrasing } from '../support/bot-phrasings';
import { bestMatch } from './bot-baseline-matcher';
import { LABEL_WIDTH, nowMs, percentile } from './report';

export interface BotBenchOptions {
  /** BENCH_BOT_INTENTS (200): intents of the generated workspace. */
  intents: number;
  /** BENCH_BOT_TURNS (2000): classified turns per latency figure. */
  turns: number;
}

const TRAINING_GOAL_S = 10;
const CLASSIFY_GOAL_P99_MS = 5;

/** A demo workspace as the assistant loads it from the database (no answers: they are not measured). */
function botWorkspace(demo: DemoWorkspace): BotWorkspace {
  return {
    id: demo.id,
    defaultSplitId: demo.defaultSplitId,
    thresholds: DEFAULT_THRESHOLDS,
    nodes: demo.nodes.map((n) => ({
      id: n.id,
      nodeId: n.nodeId,
      nodeName: n.nodeName,
      intent: n.intent,
      examples: [...n.examples],
      escalates: n.escalates ?? false,
      escalateSplitId: n.escalateSplitId ?? null,
      elements: []
    }))
  };
}

async function trainModel(trainer: Trainer, nodes: readonly TrainingNode[]): Promise<WorkspaceModel> {
  const documents = trainingDocuments(nodes);
  const trained = await trainer.train(documents);
  return WorkspaceModel.load(trainingKey(nodes), trained.model, trained.trainingMs, documents);
}

const VERBS = ['consultar', 'cambiar', 'cancelar', 'solicitar', 'pagar', 'renovar', 'activar', 'reportar', 'actualizar', 'descargar'];
const OBJECTS = ['tarjeta', 'cuenta', 'seguro', 'plan', 'crédito', 'clave', 'factura', 'pedido', 'cita', 'póliza', 'certificado', 'subsidio', 'préstamo', 'recibo'];
const CHANNELS = ['en línea', 'en la oficina', 'por la aplicación', 'por teléfono', 'desde el exterior', 'de un familiar'];
const TEMPLATES = [
  (v: string, o: string, c: string) => `quiero ${v} mi ${o} ${c}`,
  (v: string, o: string, c: string) => `cómo puedo ${v} el ${o} ${c}`,
  (v: string, o: string, c: string) => `${v} ${o} ${c}`,
  (v: string, o: string, c: string) => `necesito ${v} la ${o} ${c}`,
  (v: string, o: string, c: string) => `ayuda para ${v} ${o} ${c}`,
  (v: string, o: string, c: string) => `dónde puedo ${v} mi ${o} ${c}`,
  (v: string, o: string, c: string) => `${o} ${c}, ${v}`,
  (v: string, o: string, c: string) => `me gustaría ${v} el ${o} ${c}`
];

/** A generated workspace: intent i is one (verb, object, channel) combination, with 8 example phrases. */
function generatedNodes(intents: number): TrainingNode[] {
  return Array.from({ length: intents }, (_, i) => {
    const v = VERBS[i % VERBS.length]!;
    const o = OBJECTS[Math.floor(i / VERBS.length) % OBJECTS.length]!;
    const c = CHANNELS[Math.floor(i / (VERBS.length * OBJECTS.length)) % CHANNELS.length]!;
    return { nodeId: `tramite_${i}`, nodeName: `${v} ${o} ${c}`, examples: TEMPLATES.map((t) => t(v, o, c)) };
  });
}

/** Customer texts for the generated workspace: other wording around its words, and some it has none of. */
function generatedTurns(count: number): string[] {
  const out = ['cuál es la capital de Francia', 'cuéntame un chiste', 'a qué hora juega la selección', 'quiero pedir una pizza'];
  return Array.from({ length: count }, (_, k) => {
    if (k % 10 === 9) return out[k % out.length]!;
    const v = VERBS[(k * 7) % VERBS.length]!;
    const o = OBJECTS[(k * 3) % OBJECTS.length]!;
    const c = CHANNELS[k % CHANNELS.length]!;
    return [`hola, quisiera ${v} mi ${o} ${c} por favor`, `buenas tardes xq no puedo ${v} el ${o} ${c}?`, `${o} ${c}... ${v}`][k % 3]!;
  });
}

function bareNlp(): Nlp {
  const nlp = new Nlp(structuredClone(NLP_SETTINGS));
  nlp.use(LangEs);
  return nlp;
}

interface Latency {
  /** Wall time per call (ms): what a turn waits, including whatever else the machine runs. */
  p50: number;
  p99: number;
  /** CPU time per call (ms, this process): what the classification itself costs. */
  cpu50: number;
  cpu99: number;
}

/** Per-call wall and CPU time of `run` over the texts, after a warm-up pass over the first 200. */
async function latencies(texts: readonly string[], run: (text: string) => Promise<unknown> | unknown): Promise<Latency> {
  for (const text of texts.slice(0, 200)) await run(text);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const text of texts) {
    const start = nowMs();
    const used = process.cpuUsage();
    await run(text);
    const spent = process.cpuUsage(used);
    wall.push(nowMs() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return { p50: percentile(wall, 50), p99: percentile(wall, 99), cpu50: percentile(cpu, 50), cpu99: percentile(cpu, 99) };
}

const ms = (value: number) => value.toFixed(3);
const describeLatency = (l: Latency) => `wall ${ms(l.p50)} / ${ms(l.p99)} ms, CPU ${ms(l.cpu50)} / ${ms(l.cpu99)} ms`;

function outcomeOf(result: Awaited<ReturnType<typeof understandTurn>>, workspace: BotWorkspace): Outcome {
  const intentOf = (nodeId: string) => workspace.nodes.find((n) => n.nodeId === nodeId)?.intent ?? `? ${nodeId}`;
  if (result.kind === 'answer') return { kind: 'answer', intent: intentOf(result.nodeId) };
  if (result.kind === 'options') return { kind: 'options', intents: result.nodeIds.map(intentOf) };
  return { kind: 'none' };
}

const line = (label: string, text: string) => `${label.padEnd(LABEL_WIDTH)} ${text}`;
const pct = (part: number, whole: number) => `${percent(part, whole).toFixed(1)} %`;
const met = (ok: boolean) => (ok ? 'met' : 'not met');

export async function benchBot({ intents, turns }: BotBenchOptions): Promise<string[]> {
  const trainer = new Trainer();
  try {
    // Accuracy, before and after, on the same phrasings.
    const before: { phrasing: Phrasing; outcome: Outcome }[] = [];
    const after: { phrasing: Phrasing; outcome: Outcome }[] = [];
    const demoModels = new Map<number, { workspace: BotWorkspace; model: WorkspaceModel }>();
    for (const demo of DEMO_WORKSPACES) {
      const workspace = botWorkspace(demo);
      demoModels.set(demo.id, { workspace, model: await trainModel(trainer, workspace.nodes) });
    }
    for (const phrasing of BOT_PHRASINGS) {
      const entry = demoModels.get(phrasing.workspaceId);
      if (!entry) throw new Error(`bench: no demo workspace ${phrasing.workspaceId}`);
      const match = bestMatch(phrasing.text, entry.workspace.nodes);
      before.push({ phrasing, outcome: match ? { kind: 'answer', intent: match.candidate.intent } : { kind: 'none' } });
      after.push({ phrasing, outcome: outcomeOf(await understandTurn(entry.workspace, entry.model, phrasing.text), entry.workspace) });
    }
    const old: Accuracy = scoreOutcomes(before);
    const now: Accuracy = scoreOutcomes(after);
    const lines = [
      `bot: ${BOT_PHRASINGS.length} customer phrasings (${now.inScope} in scope, ${now.outOfScope} out of scope) on the ${DEMO_WORKSPACES.length} demo assistants; before = former token matcher, after = NLP.js assistant`,
      line('in scope right (answer, or the right intent among options)', `before ${pct(old.right, old.inScope)}  after ${pct(now.right, now.inScope)} (answered ${now.answeredRight}, options ${now.optionsRight})  goal ≥ 90 % — ${met(percent(now.right, now.inScope) >= 90)}`),
      line('wrong answers (in and out of scope)', `before ${old.wrong}  after ${now.wrong}  goal 0 — ${met(now.wrong === 0)}`),
      line('in scope not understood (or options without the right one)', `before ${pct(old.missed, old.inScope)}  after ${pct(now.missed, now.inScope)}`),
      line('out of scope not understood', `before ${pct(old.outOfScopeNotUnderstood, old.outOfScope)}  after ${pct(now.outOfScopeNotUnderstood, now.outOfScope)}  goal 100 % — ${met(now.outOfScopeNotUnderstood === now.outOfScope)}`)
    ];

    // Training a large workspace, the platform's way, while the event loop is watched.
    const nodes = generatedNodes(intents);
    const documents = trainingDocuments(nodes);
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();
    const busy = monitorEventLoopDelay({ resolution: 10 });
    busy.enable();
    const trainStart = nowMs();
    const trained = await trainer.train(documents);
    const trainedMs = nowMs() - trainStart;
    busy.disable();
    const loadStart = nowMs();
    const large = await WorkspaceModel.load(trainingKey(nodes), trained.model, trained.trainingMs, documents);
    const loadMs = nowMs() - loadStart;
    const bare = bareNlp();
    for (const d of documents) bare.addDocument(LOCALE, d.utterance, d.label);
    const bareStart = nowMs();
    await bare.train();
    const bareMs = nowMs() - bareStart;
    const readyMs = trainedMs + loadMs;
    lines.push(
      line(
        `training a generated ${intents}-intent workspace (${documents.length} phrases)`,
        `${(readyMs / 1000).toFixed(2)} s ready (worker ${(trainedMs / 1000).toFixed(2)} s + load ${loadMs.toFixed(0)} ms) ÷ bare NLP.js train() ${(bareMs / 1000).toFixed(2)} s = ${(readyMs / bareMs).toFixed(2)}×  goal ≤ ${TRAINING_GOAL_S} s — ${met(readyMs <= TRAINING_GOAL_S * 1000)}`
      ),
      line('event-loop delay while the worker trained (max / p99)', `${(busy.max / 1e6).toFixed(1)} / ${(busy.percentile(99) / 1e6).toFixed(1)} ms ÷ idle ${(idle.max / 1e6).toFixed(1)} / ${(idle.percentile(99) / 1e6).toFixed(1)} ms; model ${(trained.model.length / 1e6).toFixed(2)} MB gzipped`)
    );

    // Classification per turn.
    const texts = generatedTurns(turns);
    const largeWorkspace: BotWorkspace = {
      id: 0,
      defaultSplitId: null,
      thresholds: DEFAULT_THRESHOLDS,
      nodes: nodes.map((n, i) => ({ id: i + 1, nodeId: n.nodeId, nodeName: n.nodeName, intent: n.nodeId, examples: [...n.examples], escalates: false, escalateSplitId: null, elements: [] }))
    };
    const ours = await latencies(texts, (text) => understandTurn(largeWorkspace, large, text));
    const raw = await latencies(texts, (text) => bare.nluManager.process(LOCALE, text));
    // The former matcher compares every example word by word: a few hundred turns say enough.
    const matcher = await latencies(texts.slice(0, Math.min(texts.length, 300)), (text) => bestMatch(text, largeWorkspace.nodes));
    const demo = demoModels.get(1)!;
    const demoTexts = Array.from({ length: turns }, (_, k) => BOT_PHRASINGS[k % BOT_PHRASINGS.length]!.text);
    const demoLatency = await latencies(demoTexts, (text) => understandTurn(demo.workspace, demo.model, text));
    const goal = (l: Latency) => `goal p99 ≤ ${CLASSIFY_GOAL_P99_MS} ms — CPU ${met(l.cpu99 <= CLASSIFY_GOAL_P99_MS)}, wall ${met(l.p99 <= CLASSIFY_GOAL_P99_MS)}`;
    lines.push(
      line(`classification per turn, ${intents} intents (p50 / p99)`, `${describeLatency(ours)} ÷ bare NLP.js CPU p99 ${ms(raw.cpu99)} ms = ${(ours.cpu99 / raw.cpu99).toFixed(2)}×  ${goal(ours)}`),
      line('  bare NLP.js classification of the same texts (p50 / p99)', describeLatency(raw)),
      line('classification per turn, demo assistant (p50 / p99)', `${describeLatency(demoLatency)}  ${goal(demoLatency)}`),
      line(`former matcher per turn, ${intents} intents (p50 / p99)`, describeLatency(matcher))
    );
    return lines;
  } finally {
    await trainer.close();
  }
}
