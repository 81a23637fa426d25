#!/usr/bin/env node
// `npm test`: provisions what the suites need (Chromium, slapd: scripts/provision.mjs), then lint,
// typecheck, unit + integration (vitest), end-to-end (Playwright), then a summary with each suite's
// counts and time (scripts/test-summary.mjs) whose last line is `N passed, N failed, N skipped`
// summing every suite. Exit code 1 if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { NO_BROWSER_MESSAGE, provisionMachine } from './provision.mjs';
import { summaryLines } from './test-summary.mjs';

const results = [];
const started = performance.now();

/** Runs `step` and answers what it answered with how long it took, in milliseconds. */
async function timed(step) {
  const start = performance.now();
  const value = await step();
  return { value, ms: performance.now() - start };
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs a local tool (through npx) or, with `node` first, a script of ours. */
function run(label, args, env = {}) {
  const command = args[0] === 'node' ? process.execPath : npx;
  const rest = args[0] === 'node' ? args.slice(1) : args;
  console.log(`\n━━ ${label}: ${args.join(' ')}`);
  const r = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

mkdirSync('test-results', { recursive: true });

// 0. What the suites need from the machine: found, or installed (one line each).
console.log('━━ provision');
const { value: provisioned, ms: provisionMs } = await timed(() => provisionMachine());
results.push({ suite: 'provision', passed: 0, timeOnly: true, ms: provisionMs });

/** One check (lint, a typecheck, the security review): 1 passed or 1 failed, with its time. */
async function check(suite, args) {
  const { value: ok, ms } = await timed(() => run(suite, args));
  results.push({ suite, passed: ok ? 1 : 0, failedOnly: true, ms });
}

// 1. Lint and typecheck: one check each.
await check('lint', ['eslint', '.', '--max-warnings=0']);
for (const project of ['tsconfig.node.json', 'tsconfig.web.json']) await check(`typecheck ${project}`, ['tsc', '-p', project, '--noEmit']);

// Electron security review (DESIGN.md §4).
await check('electronegativity', ['node', 'scripts/electronegativity.mjs']);

// 2. Unit and integration. The server suite also runs on PostgreSQL when one answers (DESIGN.md §5).
const vitestEnv = {};
// The LDAP tests start the slapd found (or installed) above; without one they skip, saying why.
if (provisioned.slapd.path) vitestEnv.SLAPD_PATH = provisioned.slapd.path;
// The cluster failover test starts the HAProxy found (or installed) above; without one it skips, saying why.
if (provisioned.haproxy.path) vitestEnv.HAPROXY_PATH = provisioned.haproxy.path;
if (!process.env.DATABASE_URL && (await reachable(5432))) vitestEnv.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
if (!process.env.REDIS_URL && (await reachable(6379))) vitestEnv.REDIS_URL = 'redis://127.0.0.1:6379';
rmSync('test-results/vitest.json', { force: true });
const { value: vitestOk, ms: vitestMs } = await timed(() =>
  run('unit + integration', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], vitestEnv)
);
const v = readJson('test-results/vitest.json');
if (v) results.push({ suite: 'vitest', passed: v.numPassedTests, failed: v.numFailedTests + (vitestOk || v.numFailedTests ? 0 : 1), skipped: v.numPendingTests + v.numTodoTests, ms: vitestMs });
else results.push({ suite: 'vitest', passed: 0, failed: 1, ms: vitestMs });

// 3. End to end in Chromium through the browser host: not started without a browser (one failure, the reason printed).
rmSync('test-results/e2e.json', { force: true });
if (provisioned.chromium.path) {
  const { value: e2eOk, ms: e2eMs } = await timed(() => run('end to end', ['playwright', 'test'], { CHROME_PATH: provisioned.chromium.path }));
  const e = readJson('test-results/e2e.json');
  if (e?.stats) results.push({ suite: 'e2e', passed: e.stats.expected + (e.stats.flaky ?? 0), failed: e.stats.unexpected + (e2eOk || e.stats.unexpected ? 0 : 1), skipped: e.stats.skipped, ms: e2eMs });
  else results.push({ suite: 'e2e', passed: 0, failed: 1, ms: e2eMs });
} else {
  console.log(`\n━━ end to end: not run. ${NO_BROWSER_MESSAGE}`);
  results.push({ suite: 'e2e (no Chromium)', passed: 0, failed: 1 });
}

const notes = [];
if (!existsSync('node_modules')) notes.push('node_modules is missing: run npm install first.');
for (const thing of [provisioned.chromium, provisioned.slapd, provisioned.haproxy]) if (!thing.path) notes.push(thing.line);
const summary = summaryLines(results, { notes, totalMs: performance.now() - started });
console.log('');
for (const line of summary.lines) console.log(line);
process.exit(summary.failed === 0 ? 0 : 1);
