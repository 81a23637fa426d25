import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEBIAN_CHROMIUM,
  DEBIAN_HAPROXY,
  DEBIAN_SLAPD,
  NO_BROWSER_MESSAGE,
  NO_SLAPD_MESSAGE,
  findChromium,
  findHaproxy,
  findSlapd,
  machineProbes,
  provision,
  type Actions,
  type Probes
} from '../../scripts/provision.mjs';
import { findBrowser } from '../e2e/browser';

/** A machine described by what is on it; installs put files on it. */
function machine(options: { files?: string[]; root?: boolean; debian?: boolean; playwrightCli?: boolean; env?: Record<string, string>; onPath?: Record<string, string> } = {}) {
  const files = new Set(options.files ?? []);
  const probes: Probes = {
    env: options.env ?? {},
    exists: (path) => files.has(path),
    which: (command) => options.onPath?.[command] ?? null,
    playwrightChromium: () => '/root/.cache/ms-playwright/chromium-1/chrome',
    isRoot: () => options.root ?? true,
    isDebian: () => options.debian ?? true,
    hasPlaywrightCli: () => options.playwrightCli ?? true
  };
  const calls: string[] = [];
  const actions = (results: { apt?: boolean; aptUpdate?: boolean; playwright?: boolean } = {}): Actions => ({
    aptUpdate() {
      calls.push('apt-get update');
      return { ok: results.aptUpdate ?? true, summary: results.aptUpdate === false ? 'E: could not resolve deb.debian.org' : 'updated' };
    },
    aptInstall(packages, preseed) {
      calls.push(`apt-get install ${packages.join(' ')}${preseed?.length ? ` (preseed ${preseed.length})` : ''}`);
      if (results.apt === false) return { ok: false, summary: 'E: Unable to locate package' };
      if (packages.includes('chromium')) files.add(DEBIAN_CHROMIUM);
      if (packages.includes('slapd')) files.add(DEBIAN_SLAPD);
      if (packages.includes('haproxy')) files.add(DEBIAN_HAPROXY);
      return { ok: true, summary: '2 newly installed' };
    },
    playwrightInstall() {
      calls.push('playwright install chromium');
      if (results.playwright === false) return { ok: false, summary: 'getaddrinfo ENOTFOUND cdn.playwright.dev' };
      files.add('/root/.cache/ms-playwright/chromium-1/chrome');
      return { ok: true, summary: 'downloaded' };
    }
  });
  return { probes, actions, calls, files };
}

const run = (m: ReturnType<typeof machine>, results?: Parameters<ReturnType<typeof machine>['actions']>[0], dryRun = false) => {
  const lines: string[] = [];
  const result = provision({ probes: m.probes, actions: m.actions(results), log: (line) => lines.push(line), dryRun });
  return { ...result, lines };
};

describe('finding Chromium and slapd', () => {
  it('takes CHROME_PATH first, then Debian, then a Playwright-installed browser', () => {
    const all = machine({ files: ['/opt/chrome', DEBIAN_CHROMIUM, '/root/.cache/ms-playwright/chromium-1/chrome'], env: { CHROME_PATH: '/opt/chrome' } });
    expect(findChromium(all.probes)).toEqual({ path: '/opt/chrome', source: 'CHROME_PATH' });
    const badEnv = machine({ files: [DEBIAN_CHROMIUM], env: { CHROME_PATH: '/nowhere/chrome' } });
    expect(findChromium(badEnv.probes)).toEqual({ path: DEBIAN_CHROMIUM, source: 'debian' });
    const bundled = machine({ files: ['/root/.cache/ms-playwright/chromium-1/chrome'] });
    expect(findChromium(bundled.probes)).toEqual({ path: '/root/.cache/ms-playwright/chromium-1/chrome', source: 'playwright' });
    expect(findChromium(machine().probes)).toBeNull();
  });

  it('takes SLAPD_PATH first, then Debian, then one on PATH', () => {
    expect(findSlapd(machine({ files: ['/opt/slapd', DEBIAN_SLAPD], env: { SLAPD_PATH: '/opt/slapd' } }).probes)).toEqual({ path: '/opt/slapd', source: 'SLAPD_PATH' });
    expect(findSlapd(machine({ files: [DEBIAN_SLAPD] }).probes)).toEqual({ path: DEBIAN_SLAPD, source: 'debian' });
    expect(findSlapd(machine({ onPath: { slapd: '/usr/local/libexec/slapd' } }).probes)).toEqual({ path: '/usr/local/libexec/slapd', source: 'PATH' });
    expect(findSlapd(machine().probes)).toBeNull();
  });

  it('takes HAPROXY_PATH first, then Debian, then one on PATH', () => {
    expect(findHaproxy(machine({ files: ['/opt/haproxy', DEBIAN_HAPROXY], env: { HAPROXY_PATH: '/opt/haproxy' } }).probes)).toEqual({ path: '/opt/haproxy', source: 'HAPROXY_PATH' });
    expect(findHaproxy(machine({ files: [DEBIAN_HAPROXY] }).probes)).toEqual({ path: DEBIAN_HAPROXY, source: 'debian' });
    expect(findHaproxy(machine({ onPath: { haproxy: '/usr/local/sbin/haproxy' } }).probes)).toEqual({ path: '/usr/local/sbin/haproxy', source: 'PATH' });
    expect(findHaproxy(machine().probes)).toBeNull();
  });
});

describe('provisioning', () => {
  it('uses what is there and installs nothing', () => {
    const m = machine({ files: [DEBIAN_CHROMIUM, DEBIAN_SLAPD, DEBIAN_HAPROXY] });
    const r = run(m);
    expect(m.calls).toEqual([]);
    expect(r.chromium.path).toBe(DEBIAN_CHROMIUM);
    expect(r.slapd.path).toBe(DEBIAN_SLAPD);
    expect(r.haproxy.path).toBe(DEBIAN_HAPROXY);
    expect(r.lines).toEqual([
      `  chromium found at ${DEBIAN_CHROMIUM} (Debian package)`,
      `  slapd    found at ${DEBIAN_SLAPD} (Debian package)`,
      `  haproxy  found at ${DEBIAN_HAPROXY} (Debian package)`
    ]);
  });

  it('on Debian as root installs the Debian packages (one apt-get update), never downloading a browser', () => {
    const m = machine();
    const r = run(m);
    expect(m.calls).toEqual(['apt-get update', 'apt-get install chromium', 'apt-get install slapd ldap-utils (preseed 1)', 'apt-get install haproxy']);
    expect(r.chromium.path).toBe(DEBIAN_CHROMIUM);
    expect(r.slapd.path).toBe(DEBIAN_SLAPD);
    expect(r.haproxy.path).toBe(DEBIAN_HAPROXY);
    expect(r.lines[0]).toMatch(/^ {2}chromium installed with apt-get install chromium → \/usr\/bin\/chromium/);
    expect(r.lines[1]).toMatch(/^ {2}slapd {4}installed with apt-get install slapd ldap-utils → \/usr\/sbin\/slapd/);
  });

  it("falls back to Playwright's download only where apt cannot run, and slapd is then unavailable with the reason", () => {
    const m = machine({ root: false });
    const r = run(m);
    expect(m.calls).toEqual(['playwright install chromium']);
    expect(r.chromium.path).toBe('/root/.cache/ms-playwright/chromium-1/chrome');
    expect(r.slapd.path).toBeNull();
    expect(r.slapd.line).toContain('apt-get requiere root');
    expect(r.slapd.line).toContain(NO_SLAPD_MESSAGE);
  });

  it('tries Playwright after a failed apt-get, and fails with the old message when nothing works', () => {
    const m = machine();
    const r = run(m, { aptUpdate: false, playwright: false });
    expect(m.calls).toEqual(['apt-get update', 'playwright install chromium']);
    expect(r.chromium.path).toBeNull();
    expect(r.chromium.line).toContain('could not resolve deb.debian.org');
    expect(r.chromium.line).toContain('ENOTFOUND');
    expect(r.chromium.line).toContain(NO_BROWSER_MESSAGE);
    expect(r.slapd.path).toBeNull();
  });

  it('outside Debian without Playwright says why it cannot install anything', () => {
    const m = machine({ debian: false, playwrightCli: false });
    const r = run(m);
    expect(m.calls).toEqual([]);
    expect(r.chromium.line).toContain('no es Debian');
    expect(r.chromium.line).toContain('Playwright no está instalado');
  });

  it('a dry run only says what it would do', () => {
    const m = machine();
    const r = run(m, {}, true);
    expect(m.calls).toEqual([]);
    expect(r.chromium.line).toBe('chromium missing; would try: apt-get install -y chromium, then npx playwright install chromium');
    expect(r.slapd.line).toBe('slapd missing; would try: apt-get install -y slapd ldap-utils');
    expect(r.haproxy.line).toBe('haproxy missing; would try: apt-get install -y haproxy');
  });
});

describe('a machine without a browser, simulated on this one (ATIENDE_PROVISION_ROOT)', () => {
  const empty = mkdtempSync(join(tmpdir(), 'atiende-no-browser-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('hides every installed Chromium and slapd from the finders the e2e suite and the LDAP harness use', () => {
    const env = { ...process.env, ATIENDE_PROVISION_ROOT: empty, CHROME_PATH: '/usr/bin/chromium', SLAPD_PATH: '/usr/sbin/slapd' };
    expect(findChromium(machineProbes(env, '/root/.cache/ms-playwright/chromium-1/chrome'))).toBeNull();
    expect(findSlapd(machineProbes(env))).toBeNull();
    expect(findBrowser(env)).toBeNull();
  });
});
