#!/usr/bin/env node
// What the test suites need from the machine, found or installed before `npm test` runs them
// (issue 19 §0: the README's two commands do all the set-up on a fresh machine):
//  - Chromium, for the end-to-end suite (tests/e2e/browser.ts finds it with findChromium below);
//  - slapd (OpenLDAP), for the LDAP sign-in tests (tests/support/slapd.ts finds it with findSlapd);
//  - HAProxy, for `npm run cluster` and its failover test (scripts/cluster.ts and tests/integration/cluster/ find it with findHaproxy).
// One line is printed per thing: found at / installed / unavailable because….
//
// Order of attempts, for each: one already there; else Debian's package (apt-get, as root); else —
// Chromium only — Playwright's own `install chromium`; else unavailable. Debian's package comes before
// Playwright's download on purpose: the house rule is never to download a browser where the
// distribution's package can be used (DESIGN.md §5 drives Debian's /usr/bin/chromium), and a package
// is updated with the system while a downloaded browser is not.
//
// `node scripts/provision.mjs [--dry-run]` runs it alone; --dry-run prints what it would do and does
// nothing. ATIENDE_PROVISION_ROOT=<dir> makes the finders look for Chromium and slapd under <dir>
// (and PATH lookups find nothing): with an empty directory they see a machine where neither is
// installed, which is how the fresh-machine path is tried on a machine that has everything (the
// e2e browser finder and the LDAP harness use the same finders, so a whole `npm test` sees it too).
// Nothing is installed then: under a hidden root an install could never be found, so it is a dry run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_SLAPD = '/usr/sbin/slapd';
export const CHROMIUM_PACKAGES = ['chromium'];
export const SLAPD_PACKAGES = ['slapd', 'ldap-utils'];
export const DEBIAN_HAPROXY = '/usr/sbin/haproxy';
export const HAPROXY_PACKAGES = ['haproxy'];

export const NO_BROWSER_MESSAGE = [
  'No se encontró Chromium para las pruebas de extremo a extremo.',
  `Instale el paquete de Debian (apt-get install chromium → ${DEBIAN_CHROMIUM}),`,
  'o indique la ruta de un Chromium/Chrome en CHROME_PATH.',
  'Estas pruebas no descargan navegadores.'
].join(' ');

export const NO_SLAPD_MESSAGE = [
  'No se encontró slapd (OpenLDAP): se omiten las pruebas de inicio de sesión LDAP.',
  `Instálelo con apt-get install -y ${SLAPD_PACKAGES.join(' ')} (Debian, como root) o indique la ruta del binario en SLAPD_PATH.`,
  `/ slapd (OpenLDAP) not found: the LDAP sign-in tests are skipped. Install Debian's ${SLAPD_PACKAGES.join(' ')} or set SLAPD_PATH.`
].join(' ');

export const NO_HAPROXY_MESSAGE = [
  'No se encontró HAProxy: se omite la prueba de conmutación del clúster y npm run cluster no puede iniciar.',
  `Instálelo con apt-get install -y ${HAPROXY_PACKAGES.join(' ')} (Debian, como root) o indique la ruta del binario en HAPROXY_PATH.`,
  `/ HAProxy not found: the cluster failover test is skipped. Install Debian's ${HAPROXY_PACKAGES.join(' ')} or set HAPROXY_PATH.`
].join(' ');

/**
 * @typedef {object} Probes What provisioning may look at; injectable so the decisions can be tested.
 * @property {Record<string, string | undefined>} env
 * @property {(path: string) => boolean} exists
 * @property {(command: string) => string | null} which  An executable on PATH, or null.
 * @property {() => string | null} playwrightChromium  Where Playwright keeps (or would keep) its Chromium.
 * @property {() => boolean} isRoot
 * @property {() => boolean} isDebian  apt-get and /etc/debian_version are there.
 * @property {() => boolean} hasPlaywrightCli
 */

/** @typedef {{ ok: boolean, summary: string }} Outcome */

/**
 * @typedef {object} Actions What provisioning may do.
 * @property {() => Outcome} aptUpdate
 * @property {(packages: string[], preseed?: string[]) => Outcome} aptInstall
 * @property {() => Outcome} playwrightInstall
 */

/** @typedef {{ path: string, source: 'CHROME_PATH' | 'debian' | 'playwright' }} FoundBrowser */

/** A Chromium without downloading one: CHROME_PATH when set and present, Debian's, a Playwright-installed one; else null. */
export function findChromium(/** @type {Probes} */ probes) {
  const fromEnv = probes.env.CHROME_PATH;
  if (fromEnv && probes.exists(fromEnv)) return { path: fromEnv, source: 'CHROME_PATH' };
  if (probes.exists(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'debian' };
  const bundled = probes.playwrightChromium();
  if (bundled && probes.exists(bundled)) return { path: bundled, source: 'playwright' };
  return null;
}

/** slapd: SLAPD_PATH when set and present, Debian's /usr/sbin/slapd, one on PATH; else null. Its `-T a` mode is slapadd. */
export function findSlapd(/** @type {Probes} */ probes) {
  const fromEnv = probes.env.SLAPD_PATH;
  if (fromEnv && probes.exists(fromEnv)) return { path: fromEnv, source: 'SLAPD_PATH' };
  if (probes.exists(DEBIAN_SLAPD)) return { path: DEBIAN_SLAPD, source: 'debian' };
  const onPath = probes.which('slapd');
  if (onPath) return { path: onPath, source: 'PATH' };
  return null;
}

/** HAProxy: HAPROXY_PATH when set and present, Debian's /usr/sbin/haproxy, one on PATH; else null. */
export function findHaproxy(/** @type {Probes} */ probes) {
  const fromEnv = probes.env.HAPROXY_PATH;
  if (fromEnv && probes.exists(fromEnv)) return { path: fromEnv, source: 'HAPROXY_PATH' };
  if (probes.exists(DEBIAN_HAPROXY)) return { path: DEBIAN_HAPROXY, source: 'debian' };
  const onPath = probes.which('haproxy');
  if (onPath) return { path: onPath, source: 'PATH' };
  return null;
}

/**
 * The ways left to get a missing thing, in order (see the header for why apt comes first).
 * @param {'chromium' | 'slapd' | 'haproxy'} thing
 * @param {Probes} probes
 * @returns {{ steps: ('apt' | 'playwright')[], why: string[] }}
 */
export function installSteps(thing, probes) {
  const steps = [];
  const why = [];
  if (!probes.isDebian()) why.push('no es Debian (apt-get no disponible)');
  else if (!probes.isRoot()) why.push('apt-get requiere root');
  else steps.push('apt');
  if (thing === 'chromium') {
    if (probes.hasPlaywrightCli()) steps.push('playwright');
    else why.push('Playwright no está instalado (npm install)');
  }
  return { steps, why };
}

/**
 * @typedef {object} Provisioned
 * @property {string | null} path  The binary to use, or null when unavailable.
 * @property {string} line  What was printed for it.
 */

/**
 * Finds, or installs, Chromium, slapd and HAProxy; prints one line each; never throws.
 * @param {{ probes: Probes, actions: Actions, log?: (line: string) => void, dryRun?: boolean }} options
 * @returns {{ chromium: Provisioned, slapd: Provisioned, haproxy: Provisioned }}
 */
export function provision({ probes, actions, log = console.log, dryRun = false }) {
  let updated = null;
  const aptUpdate = () => (updated ??= actions.aptUpdate());

  /**
   * @param {'chromium' | 'slapd' | 'haproxy'} thing
   * @param {() => { path: string, source: string } | null} find
   * @param {string[]} packages
   * @param {string} missing  What it means when it stays unavailable.
   * @param {string[]} [preseed]  debconf answers given before apt installs the packages.
   */
  function one(thing, find, packages, missing, preseed) {
    const label = thing.padEnd(9);
    const found = find();
    const say = (line) => (log(`  ${label}${line}`), `${thing} ${line}`);
    if (found) return { path: found.path, line: say(`found at ${found.path} (${describeSource(found.source)})`) };
    const { steps, why } = installSteps(thing, probes);
    if (dryRun) {
      const plan = steps.map((s) => (s === 'apt' ? `apt-get install -y ${packages.join(' ')}` : 'npx playwright install chromium'));
      return { path: null, line: say(plan.length ? `missing; would try: ${plan.join(', then ')}` : `missing; cannot be installed here: ${why.join('; ')}. ${missing}`) };
    }
    const failures = [...why];
    for (const step of steps) {
      const started = Date.now();
      let outcome;
      if (step === 'apt') {
        const update = aptUpdate();
        outcome = update.ok ? actions.aptInstall(packages, preseed) : update;
      } else {
        outcome = actions.playwrightInstall();
      }
      const now = find();
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      if (outcome.ok && now) {
        const how = step === 'apt' ? `apt-get install ${packages.join(' ')}` : 'npx playwright install chromium';
        return { path: now.path, line: say(`installed with ${how} → ${now.path} (${took}; ${outcome.summary})`) };
      }
      failures.push(`${step === 'apt' ? 'apt-get' : 'playwright install'} failed: ${outcome.summary || 'installed nothing usable'}`);
    }
    return { path: null, line: say(`unavailable because ${failures.join('; ')}. ${missing}`) };
  }

  return {
    chromium: one('chromium', () => findChromium(probes), CHROMIUM_PACKAGES, NO_BROWSER_MESSAGE),
    slapd: one('slapd', () => findSlapd(probes), SLAPD_PACKAGES, NO_SLAPD_MESSAGE, [
      // Only the binaries are wanted: no system directory created, no system service started.
      'slapd slapd/no_configuration boolean true'
    ]),
    haproxy: one('haproxy', () => findHaproxy(probes), HAPROXY_PACKAGES, NO_HAPROXY_MESSAGE)
  };
}

function describeSource(source) {
  return { CHROME_PATH: 'CHROME_PATH', SLAPD_PATH: 'SLAPD_PATH', HAPROXY_PATH: 'HAPROXY_PATH', debian: 'Debian package', playwright: 'installed by Playwright', PATH: 'on PATH' }[source] ?? source;
}

/* ───────────── the real machine ───────────── */

/**
 * @param {Record<string, string | undefined>} env
 * @param {string | null} playwrightPath  Where Playwright keeps its Chromium (playwrightChromiumPath()).
 * @returns {Probes}
 */
export function machineProbes(env = process.env, playwrightPath = null) {
  const root = env.ATIENDE_PROVISION_ROOT;
  return {
    env,
    exists: (path) => existsSync(root ? join(root, path) : path),
    which(command) {
      if (root) return null;
      for (const dir of (env.PATH ?? '').split(delimiter)) {
        if (dir && existsSync(join(dir, command))) return join(dir, command);
      }
      return null;
    },
    playwrightChromium: () => playwrightPath,
    isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
    // The machine itself, hidden root or not: it decides what could be installed.
    isDebian: () => existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version'),
    hasPlaywrightCli: () => existsSync('node_modules/.bin/playwright')
  };
}

/** Where Playwright keeps (or would install) its Chromium; null where @playwright/test is not installed. */
export async function playwrightChromiumPath() {
  try {
    const { chromium } = await import('@playwright/test');
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/** Runs a command quietly; the outcome's summary is its last meaningful output line. */
function quiet(command, args, env = {}, input = undefined) {
  const r = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, input, timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  const lines = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const summary = r.error ? r.error.message : (lines.findLast((l) => /upgraded|newly installed|error|E:|downloaded|chromium/i.test(l)) ?? lines.at(-1) ?? `exit ${r.status}`);
  return { ok: r.status === 0, summary };
}

/** @returns {Actions} */
export function machineActions() {
  const apt = { DEBIAN_FRONTEND: 'noninteractive' };
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return {
    aptUpdate: () => quiet('apt-get', ['update', '-qq'], apt),
    aptInstall(packages, preseed = []) {
      if (preseed.length > 0 && existsSync('/usr/bin/debconf-set-selections')) quiet('debconf-set-selections', [], apt, `${preseed.join('\n')}\n`);
      // With the recommended packages, as .ci/run always installed Chromium (its fonts among them).
      return quiet('apt-get', ['install', '-y', '-q', ...packages], apt);
    },
    playwrightInstall: () => quiet(npx, ['playwright', 'install', 'chromium'])
  };
}

/** Provisions this machine (what test-all.mjs calls). */
export async function provisionMachine({ dryRun = false, log = console.log } = {}) {
  const hidden = Boolean(process.env.ATIENDE_PROVISION_ROOT);
  const probes = machineProbes(process.env, await playwrightChromiumPath());
  return provision({ probes, actions: machineActions(), log, dryRun: dryRun || hidden });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dryRun = process.argv.includes('--dry-run');
  console.log(`━━ provision${dryRun ? ' (dry run)' : ''}`);
  const result = await provisionMachine({ dryRun });
  process.exit(result.chromium.path && result.slapd.path && result.haproxy.path ? 0 : 1);
}
