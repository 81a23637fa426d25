/**
 * `npm run bench`: each figure is printed as a ratio to a raw baseline measured in the same run
 * (DESIGN.md §5), so the numbers compare across machines. Nothing here is asserted: a goal is
 * printed next to its figure with whether this run met it.
 *
 * Parts (BENCH_PARTS, comma-separated, default all: read,chat,heap,stats,export,abuse,ldap,bot):
 *  - read (signed-in-read.ts): a signed-in read (GET /api/types/channels) over HTTP and through the
 *    main-process stack (IPC handler → session → API client → HTTP), each ÷ the same SELECT on the
 *    engine; the same read with the session check that makes revocation immediate ÷ without it
 *    (goal ≤ 1.1×); a sign-in (POST /api/auth) ÷ one raw argon2id verify of the same password.
 *  - chat (chat-latency.ts): customer→agent message latency p50 and p99 with 50 agents and 200
 *    customers typing at a human pace on the real platform (in-memory PGlite, and PostgreSQL in a
 *    throwaway database when DATABASE_URL is set) ÷ a bare socket.io echo of the same topology and
 *    pace (echo-baseline.ts), run right before each engine. Each server runs in a process of its own
 *    (server-process.ts), the clients in this one. Goal ≤ 3× at p99. BENCH_CHAT_PACE_MS=0 makes it a
 *    saturation run.
 *  - heap (renderer-heap.ts): the agent console's JS heap in Chromium (browser host) after 2,000
 *    customer messages across 50 chats ÷ after the first 50, both after a forced GC. Goal ≈ 1.0×.
 *  - stats (statistics.ts): 1,000,000 generated conversations over 90 days on PostgreSQL (a throwaway
 *    database, when DATABASE_URL is set) and on PGlite (on disk); each statistics call's median over
 *    HTTP ÷ the same aggregate SQL run bare on the engine, and each analytics page's time with all its
 *    calls at once (statistics-pages.ts). Goal < 1 s per page on PostgreSQL, < 3 s on PGlite.
 *  - export (report-export.ts): 1,000,000 generated conversations on PostgreSQL (DATABASE_URL); the
 *    history CSV exported end to end through the main-process services to disk ÷ COPY (the same
 *    query) TO STDOUT to a file, goal ≤ 1.5×; the main process's peak memory growth, goal < 100 MB;
 *    the same rows as .xlsx (exceljs streaming writer) ÷ that CSV export, peak RSS growth goal < 150 MB.
 *  - abuse (abuse.ts): customer→agent message p99 while 4 analytics readers loop the heaviest
 *    statistics requests the filter allows ÷ the same p99 without them, same platform (in-memory
 *    PGlite with generated history, a process of its own), same agents and customers. Goal ≤ 1.5×.
 *  - ldap (ldap.ts): an LDAP sign-in (POST /api/auth/auth_ldap over HTTP, against Debian's slapd
 *    started on loopback by tests/integration/ldap/slapd.ts) ÷ a bare ldapts bind + search against the
 *    same slapd. Goal ≤ 2×. Skipped, saying why, where no slapd exists.
 *  - bot (bot.ts): the virtual assistant (issue 22). Accuracy on customer phrasings that are not
 *    training data (tests/integration/bot/phrasings.ts), before (the former token matcher) and
 *    after (NLP.js), same set and run: in scope right ≥ 90 %, 0 wrong answers, out of scope 100 %
 *    not understood. Training a generated 200-intent workspace (worker thread, model loaded) ÷ bare
 *    NLP.js train(), goal ≤ 10 s; classification per turn p99 ÷ bare NLP.js classification, goal ≤ 5 ms.
 *
 * Sizes (environment, positive integers):
 *  BENCH_ROUNDS (300)          reads measured per read figure
 *  BENCH_SIGN_INS (30)         sign-ins measured
 *  BENCH_CHAT_AGENTS (50)      agents connected in the latency figure
 *  BENCH_CHAT_CUSTOMERS (200)  customers in the latency figure
 *  BENCH_CHAT_MESSAGES (20)    measured messages per customer (after one unmeasured warm-up message each)
 *  BENCH_CHAT_PACE_MS (2000)   mean pause before each customer message (±50%); 0 = back to back
 *  BENCH_HEAP_CHATS (50)       chats open in the agent's console for the heap figure
 *  BENCH_HEAP_MESSAGES (40)    customer messages per chat (the first heap sample follows the first one of each chat)
 *  BENCH_STATS_CONVERSATIONS (1000000)         conversations generated for PostgreSQL
 *  BENCH_STATS_PGLITE_CONVERSATIONS (1000000)  conversations generated for PGlite
 *  BENCH_STATS_DAYS (30)       the range every statistics call asks for, ending today
 *  BENCH_STATS_ROUNDS (5)      timed runs per statistics figure
 *  BENCH_EXPORT_CONVERSATIONS (1000000)        conversations generated for the export figure
 *  BENCH_ABUSE_AGENTS (20), BENCH_ABUSE_CUSTOMERS (80), BENCH_ABUSE_MESSAGES (15)  the chat beside the readers (pace: BENCH_CHAT_PACE_MS)
 *  BENCH_ABUSE_CONVERSATIONS (50000)           generated history the readers read
 *  BENCH_BOT_INTENTS (200)     intents of the generated workspace the bot part trains
 *  BENCH_BOT_TURNS (2000)      classified turns per bot latency figure
 *  BENCH_LDAP_SIGN_INS (100)  LDAP sign-ins measured (and bare bind + search runs)
 * The heap part needs a Chromium (CHROME_PATH or /usr/bin/chromium; never downloaded) and builds
 * out/renderer first when it is older than its sources.
 */
import { requireBrowser } from '../e2e/browser';
import { benchAbuse } from './abuse';
import { benchBot } from './bot';
import { benchChatLatency } from './chat-latency';
import { benchLdap } from './ldap';
import { benchRendererHeap } from './renderer-heap';
import { envInt } from './report';
import { benchSignedInRead } from './signed-in-read';
import { benchStatistics } from './statistics';
import { benchReportExport } from './report-export';

const env = process.env;
const PARTS = {
  read: () => benchSignedInRead({ rounds: envInt(env, 'BENCH_ROUNDS', 300), signIns: envInt(env, 'BENCH_SIGN_INS', 30) }),
  chat: () =>
    benchChatLatency({
      agents: envInt(env, 'BENCH_CHAT_AGENTS', 50),
      customers: envInt(env, 'BENCH_CHAT_CUSTOMERS', 200),
      messages: envInt(env, 'BENCH_CHAT_MESSAGES', 20),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0)
    }),
  heap: () => benchRendererHeap({ chats: envInt(env, 'BENCH_HEAP_CHATS', 50), messagesPerChat: envInt(env, 'BENCH_HEAP_MESSAGES', 40) }),
  stats: () =>
    benchStatistics({
      conversations: envInt(env, 'BENCH_STATS_CONVERSATIONS', 1_000_000),
      pgliteConversations: envInt(env, 'BENCH_STATS_PGLITE_CONVERSATIONS', 1_000_000),
      days: envInt(env, 'BENCH_STATS_DAYS', 30),
      rounds: envInt(env, 'BENCH_STATS_ROUNDS', 5)
    }),
  export: () => benchReportExport({ conversations: envInt(env, 'BENCH_EXPORT_CONVERSATIONS', 1_000_000) }),
  abuse: () =>
    benchAbuse({
      agents: envInt(env, 'BENCH_ABUSE_AGENTS', 20),
      customers: envInt(env, 'BENCH_ABUSE_CUSTOMERS', 80),
      messages: envInt(env, 'BENCH_ABUSE_MESSAGES', 15),
      conversations: envInt(env, 'BENCH_ABUSE_CONVERSATIONS', 50_000, 0),
      paceMs: envInt(env, 'BENCH_CHAT_PACE_MS', 2000, 0)
    }),
  ldap: () => benchLdap({ signIns: envInt(env, 'BENCH_LDAP_SIGN_INS', 100) }),
  bot: () => benchBot({ intents: envInt(env, 'BENCH_BOT_INTENTS', 200), turns: envInt(env, 'BENCH_BOT_TURNS', 2000) })
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
