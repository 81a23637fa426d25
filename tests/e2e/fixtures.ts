import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../src/main/browser-host';
import { LAUNCH_ARGS, requireBrowser } from './browser';

export const DEMO_PASSWORD = 'Atiende2026!';

interface WorkerFixtures {
  /** The browser host with a fresh in-memory platform, one per worker. */
  host: BrowserHost;
  browser: Browser;
}

/** The host's routine messages would drown the test report; warnings and errors still show. */
const quietLogger = {
  info: () => undefined,
  warn: (message: string, detail?: unknown) => console.warn(message, detail ?? ''),
  error: (message: string, detail?: unknown) => console.error(message, detail ?? '')
};

export const test = base.extend<object, WorkerFixtures>({
  browser: [
    async ({ playwright }, use) => {
      const { executablePath } = requireBrowser();
      const browser = await playwright.chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' }
  ],
  host: [
    // Playwright reads the fixtures a function needs from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Each worker saves its downloads in a folder of its own.
      const downloadsDir = await mkdtemp(join(tmpdir(), 'atiende-e2e-descargas-'));
      // One worker signs in from 127.0.0.1 all run long: far above the production budget per address (AUTH_RATE_LIMIT_MAX).
      process.env.AUTH_RATE_LIMIT_MAX ??= '100000';
      // Every customer the specs open comes from 127.0.0.1 too (WIDGET_CONNECT_MAX).
      process.env.WIDGET_CONNECT_MAX ??= '100000';
      const host = await startBrowserHost({ port: 0, memory: true, build: false, logger: quietLogger, downloadsDir });
      await use(host);
      await host.close();
      await rm(downloadsDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 }
  ],
  baseURL: async ({ host }, use) => {
    await use(host.url);
  }
});

export { expect };

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * Opens `path` inside the running app, as a menu link does (the router follows the history), instead
 * of loading the whole app again: what a signed-in user does all day, and a second less per page.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  // Signed in and settled on a page of the layout first: a sign-in still landing would navigate over us.
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.evaluate((to) => {
    // Runs in the page: the router follows the history as it does for a menu link.
    const w = globalThis as unknown as {
      history: { pushState(data: unknown, unused: string, url: string): void };
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState(null, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** A date picker of the filter bar by its label ('Fecha inicial', 'Fecha final'; the label ends in ' *'). */
export function dateField(page: Page, label: string): Locator {
  return page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });
}

/**
 * Types a filter range as a person does: each day as DD/MM/YYYY (the pickers' format whatever the
 * system's locale) and Tab, which leaves the field and applies it. Days are given as yyyy-MM-dd.
 */
export async function setDateRange(page: Page, start: string, end: string): Promise<void> {
  for (const [label, day] of [['Fecha inicial', start], ['Fecha final', end]] as const) {
    const field = dateField(page, label);
    await field.fill(day.split('-').reverse().join('/'));
    await field.press('Tab');
    await expect(field).toHaveValue(day.split('-').reverse().join('/'));
  }
}
