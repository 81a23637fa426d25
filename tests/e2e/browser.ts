import { chromium } from '@playwright/test';
import { DEBIAN_CHROMIUM, NO_BROWSER_MESSAGE, findChromium, machineProbes } from '../../scripts/provision.mjs';

export { DEBIAN_CHROMIUM, NO_BROWSER_MESSAGE };

/** Chromium flags for a quiet, offline, headless run (no first-run, sync, updates or QUIC). */
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
];

/** Where a browser came from, for the run's log. */
export interface FoundBrowser {
  executablePath: string;
  source: 'CHROME_PATH' | 'debian' | 'playwright';
}

function playwrightPath(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * Finds a Chromium without ever downloading one: CHROME_PATH when set and present, else Debian's
 * /usr/bin/chromium, else a browser Playwright has already installed. Null when there is none.
 * The same finder `npm test` provisions with (scripts/provision.mjs), so what it installed is found
 * here, and ATIENDE_PROVISION_ROOT hides the machine's browsers from both.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): FoundBrowser | null {
  const found = findChromium(machineProbes(env, playwrightPath()));
  return found ? { executablePath: found.path, source: found.source } : null;
}

/** The browser to use, or an error that says what to do. */
export function requireBrowser(): FoundBrowser {
  const found = findBrowser();
  if (!found) throw new Error(NO_BROWSER_MESSAGE);
  if (process.env.CHROME_PATH && found.source !== 'CHROME_PATH') {
    console.warn(`CHROME_PATH=${process.env.CHROME_PATH} no existe; se usa ${found.executablePath}`);
  }
  return found;
}
