import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

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

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Where a browser came from, for the run's log. */
export interface FoundBrowser {
  executablePath: string;
  source: 'CHROME_PATH' | 'debian' | 'playwright';
}

/**
 * Finds a Chromium without ever downloading one: CHROME_PATH when set and present, else Debian's
 * /usr/bin/chromium, else a browser Playwright has already installed. Null when there is none.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): FoundBrowser | null {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, source: 'CHROME_PATH' };
  if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'debian' };
  let bundled: string | null = null;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = null;
  }
  if (bundled && existsSync(bundled)) return { executablePath: bundled, source: 'playwright' };
  return null;
}

export const NO_BROWSER_MESSAGE = [
  'No se encontró Chromium para las pruebas de extremo a extremo.',
  `Instale el paquete de Debian (apt-get install chromium → ${DEBIAN_CHROMIUM}),`,
  'o indique la ruta de un Chromium/Chrome en CHROME_PATH.',
  'Estas pruebas no descargan navegadores.'
].join(' ');

/** The browser to use, or an error that says what to do. */
export function requireBrowser(): FoundBrowser {
  const found = findBrowser();
  if (!found) throw new Error(NO_BROWSER_MESSAGE);
  if (process.env.CHROME_PATH && found.source !== 'CHROME_PATH') {
    console.warn(`CHROME_PATH=${process.env.CHROME_PATH} no existe; se usa ${found.executablePath}`);
  }
  return found;
}
