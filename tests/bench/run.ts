/**
 * `npm run bench`: each figure is printed as a ratio to a raw baseline measured in the same run, so
 * the numbers compare across machines. Nothing here is asserted: a goal is printed next to its
 * figure with whether this run met it.
 *
 * What each part measures, against what, its goal, the environment variables it reads (BENCH_PARTS
 * picks parts, comma-separated, default all in PARTS order) and how long it takes: docs/bench.md,
 * one table row per entry of PARTS below. tests/unit/bench-docs.test.ts reads PARTS from this file
 * and fails when the table misses a part, names one that is gone, or lacks a variable a part reads.
 */
import { requireBrowser } from '../e2e/browser';
import { benchAbuse } from './abuse';
import { benchBot } from './bot';
import { benchChatLatency } from './chat-latency';
import { benchLdap } from './ldap';
import { benchRendererHeap } from './renderer-heap';
import { benchRendererShift } from './renderer-shift';
import { envInt } from './report';
import { benchSignedInRead } from './signed-in-read';
import { benchStatistics } from './statistics';
import { benchReportExport } from './report-export';
import { benchExportBesideChat } from './export-beside-chat';
import { benchCluster } from './cluster';
import { benchSoak } from './soak';
import { benchQueueScreen } from './queue-render';
import { benchAssistantConfig } from './assistant-config';
import { benchNotify } from './notify';
import { benchWidgetEmbed } from './widget-embed';

const env = process.env;
const statisticsOptions = (parts: { stats: boolean; home: boolean }) => ({
  conversations: envInt(env, 'BENCH_STATS_CONVERSATIONS', 1_000_000),
  pgliteConversations: envInt(env, 'BENCH_STATS_PGLITE_CONVERSATIONS', 1_000_000),
  days: envInt(env, 'BENCH_STATS_DAYS', 30),
  rounds: envInt(env, 'BENCH_STATS_ROUNDS', 5),
  fixedRounds: envInt(env, 'BENCH_STATS_FIXED_ROUNDS', 30),
  parts
});
// One row each in docs/bench.md, in this order (tests/unit/bench-docs.test.ts).
const PARTS = {
  read: () => benchSignedInRead({ rounds: envInt(env, 'BENCH_ROUNDS', 300), signIns: envInt(env, 'BENCH_SIGN_INS', 30) }),
  chat: () =>
    benchChatLatency({
      agents: envInt(env, 'BENCH_CHAT_AGENTS', 50),
      customers: envInt(env, 'BENCH_CHAT_CUSTOMERS', 200),
      messages: envInt(env, 'BENCH_CHAT_MESSAGES', 20),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0),
      classifierPairs: envInt(env, 'BENCH_CHAT_CLASSIFIER_PAIRS', 1, 0)
    }),
  heap: async () => [
    ...(await benchRendererHeap({ chats: envInt(env, 'BENCH_HEAP_CHATS', 50), messagesPerChat: envInt(env, 'BENCH_HEAP_MESSAGES', 40) })),
    '',
    ...(await benchRendererShift({
      hours: envInt(env, 'BENCH_HEAP_SHIFT_HOURS', 8),
      chatsPerHour: envInt(env, 'BENCH_HEAP_SHIFT_CHATS', 9),
      turns: envInt(env, 'BENCH_HEAP_SHIFT_TURNS', 3),
      hourSeconds: envInt(env, 'BENCH_HEAP_SHIFT_HOUR_SECONDS', 30)
    }))
  ],
  stats: () => benchStatistics(statisticsOptions({ stats: true, home: requested.includes('home') })),
  // With the stats part in the same run, the home page is measured there, on the same generated data.
  home: async () => (requested.includes('stats') ? ['(home: measured by the stats part of this run, on its generated data)'] : benchStatistics(statisticsOptions({ stats: false, home: true }))),
  export: () => benchReportExport({ conversations: envInt(env, 'BENCH_EXPORT_CONVERSATIONS', 1_000_000) }),
  abuse: () =>
    benchAbuse({
      agents: envInt(env, 'BENCH_ABUSE_AGENTS', 20),
      customers: envInt(env, 'BENCH_ABUSE_CUSTOMERS', 80),
      messages: envInt(env, 'BENCH_ABUSE_MESSAGES', 15),
      conversations: envInt(env, 'BENCH_ABUSE_CONVERSATIONS', 50_000, 0),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0),
      rounds: envInt(env, 'BENCH_ABUSE_ROUNDS', 2)
    }),
  exportchat: () =>
    benchExportBesideChat({
      agents: envInt(env, 'BENCH_ABUSE_AGENTS', 20),
      customers: envInt(env, 'BENCH_ABUSE_CUSTOMERS', 80),
      messages: envInt(env, 'BENCH_ABUSE_MESSAGES', 15),
      conversations: envInt(env, 'BENCH_EXPORT_CONVERSATIONS', 1_000_000),
      exporters: envInt(env, 'BENCH_EXPORT_BESIDE_EXPORTERS', 3),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0)
    }),
  cluster: () =>
    benchCluster({
      instances: envInt(env, 'BENCH_CLUSTER_INSTANCES', 3),
      agents: envInt(env, 'BENCH_CLUSTER_AGENTS', 50),
      customers: envInt(env, 'BENCH_CLUSTER_CUSTOMERS', 200),
      messages: envInt(env, 'BENCH_CLUSTER_MESSAGES', 20),
      concurrentAgents: envInt(env, 'BENCH_CONCURRENT_AGENTS', 200, 2),
      concurrentCustomers: envInt(env, 'BENCH_CONCURRENT_CUSTOMERS', 2000, 2),
      concurrentMessages: envInt(env, 'BENCH_CONCURRENT_MESSAGES', 2),
      concurrentPaceMs: envInt(env, 'BENCH_CONCURRENT_PACE_MS', 10_000, 0)
    }),
  soak: () =>
    benchSoak({
      hours: envInt(env, 'BENCH_SOAK_HOURS', 8),
      hourSeconds: envInt(env, 'BENCH_SOAK_HOUR_SECONDS', 20),
      agents: envInt(env, 'BENCH_SOAK_AGENTS', 20),
      chatsPerHour: envInt(env, 'BENCH_SOAK_CHATS_PER_HOUR', 60),
      botChatsPerHour: envInt(env, 'BENCH_SOAK_BOT_CHATS_PER_HOUR', 30, 0),
      messages: envInt(env, 'BENCH_SOAK_MESSAGES', 6)
    }),
  ldap: () => benchLdap({ signIns: envInt(env, 'BENCH_LDAP_SIGN_INS', 100) }),
  bot: () => benchBot({ intents: envInt(env, 'BENCH_BOT_INTENTS', 200), turns: envInt(env, 'BENCH_BOT_TURNS', 2000) }),
  queue: () => benchQueueScreen({ chats: envInt(env, 'BENCH_QUEUE_CHATS', 500), rounds: envInt(env, 'BENCH_QUEUE_ROUNDS', 7) }),
  'assistant-config': () =>
    benchAssistantConfig({
      intents: envInt(env, 'BENCH_ASSISTANT_INTENTS', 200),
      rounds: envInt(env, 'BENCH_ASSISTANT_ROUNDS', 5),
      agents: envInt(env, 'BENCH_ASSISTANT_AGENTS', 20),
      customers: envInt(env, 'BENCH_ASSISTANT_CUSTOMERS', 80),
      messages: envInt(env, 'BENCH_ASSISTANT_MESSAGES', 15),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0),
      importMb: envInt(env, 'BENCH_ASSISTANT_IMPORT_MB', 10),
      figures: assistantFigures(env.BENCH_ASSISTANT_FIGURES)
    }),
  notify: () =>
    benchNotify({
      count: envInt(env, 'BENCH_NOTIFY_COUNT', 10_000),
      batch: envInt(env, 'BENCH_NOTIFY_BATCH', 500),
      agents: envInt(env, 'BENCH_NOTIFY_AGENTS', 20),
      customers: envInt(env, 'BENCH_NOTIFY_CUSTOMERS', 80),
      messages: envInt(env, 'BENCH_NOTIFY_MESSAGES', 15),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0)
    }),
  widget: () => benchWidgetEmbed({ rounds: envInt(env, 'BENCH_WIDGET_ROUNDS', 7) })
} as const;
type Part = keyof typeof PARTS;

function assistantFigures(raw: string | undefined): 'all' | 'live' | 'import' {
  if (raw === undefined || raw === '' || raw === 'all') return 'all';
  if (raw === 'live' || raw === 'import') return raw;
  throw new Error(`BENCH_ASSISTANT_FIGURES must be all, live or import (got ${raw})`);
}
const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

const requested = (env.BENCH_PARTS ?? Object.keys(PARTS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const unknown = requested.filter((name) => !isPart(name));
if (unknown.length > 0) throw new Error(`BENCH_PARTS: unknown part(s) ${unknown.join(', ')} (known: ${Object.keys(PARTS).join(', ')})`);

// Before minutes of other parts: the heap part cannot run without a Chromium (the message says how to get one).
if (requested.includes('heap') || requested.includes('widget')) requireBrowser();

console.log('Atiende bench — every figure ÷ a raw baseline measured in this run');
for (const name of requested.filter(isPart)) {
  const started = Date.now();
  const lines = await PARTS[name]();
  console.log('');
  for (const line of lines) console.log(line);
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
