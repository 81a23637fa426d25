/**
 * `npm run bench`: each figure is printed as a ratio to a raw baseline measured in the same run
 * (DESIGN.md §5), so the numbers compare across machines. Nothing here is asserted: a goal is
 * printed next to its figure with whether this run met it.
 *
 * Parts (BENCH_PARTS, comma-separated, default all: read,chat,heap,stats,home,export,abuse,exportchat,ldap,bot,cluster,soak,queue):
 *  - read (signed-in-read.ts): a signed-in read (GET /api/types/channels) over HTTP and through the
 *    main-process stack (IPC handler → session → API client → HTTP), each ÷ the same SELECT on the
 *    engine; the same read with the session check that makes revocation immediate ÷ without it
 *    (goal ≤ 1.1×; then checked: a revoked session's read is refused with the check, answered
 *    without); a sign-in (POST /api/auth) ÷ one raw argon2id verify of the same password.
 *  - chat (chat-latency.ts): customer→agent message latency p50 and p99 with 50 agents and 200
 *    customers typing at a human pace on the real platform (in-memory PGlite, and PostgreSQL in a
 *    throwaway database when DATABASE_URL is set) ÷ a bare socket.io echo of the same topology and
 *    pace (echo-baseline.ts), run right before each engine. Each server runs in a process of its own
 *    (server-process.ts), the clients in this one. Goals p99 ≤ 2×, p50 ≤ 3×. BENCH_CHAT_PACE_MS=0 makes it a
 *    saturation run. Issue 22: the same run with the assistant on the former token matcher instead
 *    of NLP.js (buildApp's `classify`), between two NLP.js runs; p50/p99 with ÷ without, goal ≤ 1.05×.
 *  - heap (renderer-heap.ts): the agent console's JS heap in Chromium (browser host) after 2,000
 *    customer messages across 50 chats ÷ after the first 50, both after a forced GC. Goal ≈ 1.0×.
 *    Then (renderer-shift.ts, issue 21) a compressed shift in the same console: each hour 9 chats
 *    taken, answered and closed in the page, 3 at a time, and one pause; the JS heap after GC at the
 *    end ÷ after the first hour, goal ≤ 1.1×.
 *  - stats (statistics.ts): 1,000,000 generated conversations over 90 days on PostgreSQL (a throwaway
 *    database, when DATABASE_URL is set) and on PGlite (on disk); each statistics call's median over
 *    HTTP ÷ the same aggregate SQL run bare on the engine; the fixed cost a call adds to its SQL (every
 *    call on a day without data, HTTP − bare, median over the calls; goal ≤ 2 ms); each analytics
 *    page's time with all its calls at once (statistics-pages.ts) over the last 30 days (goal
 *    < 200 ms on PostgreSQL, < 1.5 s on PGlite) and, on PostgreSQL, over a year (goal < 1 s).
 *  - home (statistics.ts): the home page's 16 calls at once on the same kind of data (goal < 1 s on
 *    PostgreSQL, < 3 s on PGlite); with stats in the same run, measured there on its data.
 *  - export (report-export.ts): 1,000,000 generated conversations on PostgreSQL (DATABASE_URL); the
 *    history CSV exported end to end through the main-process services to disk ÷ COPY (the same
 *    query) TO STDOUT to a file, goal ≤ 1.5×; the main process's peak memory growth, goal < 100 MB;
 *    the same rows as .xlsx (exceljs streaming writer) ÷ that CSV export, peak RSS growth goal < 150 MB.
 *  - abuse (abuse.ts): customer→agent message p99 while 4 analytics readers loop the heaviest
 *    statistics requests the filter allows ÷ the same p99 without them, same platform (in-memory
 *    PGlite with generated history, a process of its own), same agents and customers. Goal ≤ 1.5×.
 *  - exportchat (export-beside-chat.ts, issue 21): customer→agent p99 while an analyst exports the
 *    history CSV of 1,000,000 generated conversations over and over (PostgreSQL, DATABASE_URL; the
 *    exports on the reports' own pool, REPORTS_POOL_SIZE) ÷ the same p99 without it, goal ≤ 1.5×;
 *    then with 3 analysts exporting at once.
 *  - ldap (ldap.ts): an LDAP sign-in (POST /api/auth/auth_ldap over HTTP, against Debian's slapd
 *    started on loopback by tests/integration/ldap/slapd.ts) ÷ the same directory work done bare with
 *    ldapts against the same slapd as the platform does it (kept connections: the user's search, then
 *    the groups' search beside the person's bind), in alternation. Goal ≤ 2×. Beside it: the
 *    directory part alone (kept connections; 'Probar' on new ones ÷ the same bare on new ones), an
 *    HTTP round trip to the platform, the sign-in ÷ the former baseline (a new connection's service
 *    bind + search), an unknown name's 401 ÷ a wrong password's (goal ≈ 1×). Skipped, saying why,
 *    where no slapd exists.
 *  - bot (bot.ts): the virtual assistant (issue 22). Accuracy on customer phrasings that are not
 *    training data (tests/integration/bot/phrasings.ts), before (the former token matcher) and
 *    after (NLP.js), same set and run: in scope right ≥ 90 %, 0 wrong answers, out of scope 100 %
 *    not understood. Training a generated 200-intent workspace (worker thread, model loaded) ÷ bare
 *    NLP.js train(), goal ≤ 10 s; classification per turn p99 ÷ bare NLP.js classification, goal ≤ 5 ms.
 *  - cluster (cluster.ts, issue 21): N platform processes on PostgreSQL (DATABASE_URL) + Redis behind
 *    HAProxy ÷ N bare socket.io echoes with the same adapter behind the same HAProxy: the saturated
 *    delivered rate's ratio (goal: not below one process ÷ one echo, measured first), the 1 → N
 *    scaling; 2,000 customers and 200 agents at once: server RSS per client (goal ≤ 30 KB) and JS heap
 *    per client, both ÷ the echo cluster's, the agents' sign-ins apart; p99.
 *  - soak (soak.ts, issue 21): a compressed eight-hour shift; platform RSS, heap and event-loop
 *    delay at the end ÷ after the first hour (goal ≤ 1.1×, after GC), errors (goal 0).
 *  - queue (queue-render.ts, issue 20): the supervisors' 'Cola de chats' screen with 500 waiting
 *    chats, the real page in jsdom under vitest (React's production build; no layout or paint):
 *    data arrival → the commit with every row ÷ a bare React table of the same rows, same run (goal
 *    < 300 ms), and the rows re-rendered when one chat changes through a live notice (goal 1).
 *
 * Sizes (environment, positive integers):
 *  BENCH_ROUNDS (300)          reads measured per read figure
 *  BENCH_SIGN_INS (30)         sign-ins measured
 *  BENCH_CHAT_AGENTS (50)      agents connected in the latency figure
 *  BENCH_CHAT_CUSTOMERS (200)  customers in the latency figure
 *  BENCH_CHAT_MESSAGES (20)    measured messages per customer (after one unmeasured warm-up message each)
 *  BENCH_CHAT_PACE_MS (2000)   mean pause before each customer message (±50%); 0 = back to back
 *  BENCH_CHAT_CLASSIFIER_PAIRS (1)  ABBA blocks of the NLP.js ÷ former matcher comparison (ABBA, BAAB, …; 0 leaves it out)
 *  BENCH_HEAP_CHATS (50)       chats open in the agent's console for the heap figure
 *  BENCH_HEAP_MESSAGES (40)    customer messages per chat (the first heap sample follows the first one of each chat)
 *  BENCH_HEAP_SHIFT_HOURS (8), BENCH_HEAP_SHIFT_CHATS (9 an hour), BENCH_HEAP_SHIFT_TURNS (3), BENCH_HEAP_SHIFT_HOUR_SECONDS (30, the least an hour lasts)  renderer heap over a shift
 *  BENCH_STATS_CONVERSATIONS (1000000)         conversations generated for PostgreSQL (stats, home)
 *  BENCH_STATS_PGLITE_CONVERSATIONS (1000000)  conversations generated for PGlite (stats, home)
 *  BENCH_STATS_DATABASE_URL, BENCH_STATS_PGLITE_DIR  measure a database `npm run seed` generated earlier, as it is (kept)
 *  BENCH_STATS_DAYS (30)       the range every statistics call asks for, ending today
 *  BENCH_STATS_ROUNDS (5)      timed runs per statistics figure
 *  BENCH_STATS_FIXED_ROUNDS (30)  timed runs per call of the fixed-cost figure
 *  BENCH_EXPORT_CONVERSATIONS (1000000)        conversations generated for the export figure
 *  BENCH_ABUSE_AGENTS (20), BENCH_ABUSE_CUSTOMERS (80), BENCH_ABUSE_MESSAGES (15)  the chat beside the readers (pace: BENCH_CHAT_PACE_MS)
 *  BENCH_ABUSE_CONVERSATIONS (50000)           generated history the readers read
 *  BENCH_ABUSE_ROUNDS (2)                      rounds of a phase without the readers then one with them, pooled per kind
 *  BENCH_EXPORT_BESIDE_EXPORTERS (3)           analysts exporting at once in the exportchat part (its chat: the BENCH_ABUSE_* sizes)
 *  BENCH_BOT_INTENTS (200)     intents of the generated workspace the bot part trains
 *  BENCH_BOT_TURNS (2000)      classified turns per bot latency figure
 *  BENCH_LDAP_SIGN_INS (100)  LDAP sign-ins measured (and bare bind + search runs)
 *  BENCH_CLUSTER_INSTANCES (3), BENCH_CLUSTER_AGENTS (50), BENCH_CLUSTER_CUSTOMERS (200), BENCH_CLUSTER_MESSAGES (20)  cluster saturation
 *  BENCH_CONCURRENT_AGENTS (200), BENCH_CONCURRENT_CUSTOMERS (2000), BENCH_CONCURRENT_MESSAGES (2), BENCH_CONCURRENT_PACE_MS (10000)  cluster concurrency
 *  BENCH_SOAK_HOURS (8), BENCH_SOAK_HOUR_SECONDS (20), BENCH_SOAK_AGENTS (20), BENCH_SOAK_CHATS_PER_HOUR (60), BENCH_SOAK_BOT_CHATS_PER_HOUR (30), BENCH_SOAK_MESSAGES (6)  soak
 *  BENCH_QUEUE_CHATS (500), BENCH_QUEUE_ROUNDS (7)  queue: waiting chats, timed rounds of each table
 * The heap part needs a Chromium (CHROME_PATH or /usr/bin/chromium; never downloaded) and builds
 * out/renderer first when it is older than its sources.
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

const env = process.env;
const statisticsOptions = (parts: { stats: boolean; home: boolean }) => ({
  conversations: envInt(env, 'BENCH_STATS_CONVERSATIONS', 1_000_000),
  pgliteConversations: envInt(env, 'BENCH_STATS_PGLITE_CONVERSATIONS', 1_000_000),
  days: envInt(env, 'BENCH_STATS_DAYS', 30),
  rounds: envInt(env, 'BENCH_STATS_ROUNDS', 5),
  fixedRounds: envInt(env, 'BENCH_STATS_FIXED_ROUNDS', 30),
  parts
});
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
  queue: () => benchQueueScreen({ chats: envInt(env, 'BENCH_QUEUE_CHATS', 500), rounds: envInt(env, 'BENCH_QUEUE_ROUNDS', 7) })
} as const;
type Part = keyof typeof PARTS;
const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

const requested = (env.BENCH_PARTS ?? Object.keys(PARTS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const unknown = requested.filter((name) => !isPart(name));
if (unknown.length > 0) throw new Error(`BENCH_PARTS: unknown part(s) ${unknown.join(', ')} (known: ${Object.keys(PARTS).join(', ')})`);

// Before minutes of other parts: the heap part cannot run without a Chromium (the message says how to get one).
if (requested.includes('heap')) requireBrowser();

console.log('Atiende bench — every figure ÷ a raw baseline measured in this run');
for (const name of requested.filter(isPart)) {
  const started = Date.now();
  const lines = await PARTS[name]();
  console.log('');
  for (const line of lines) console.log(line);
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
