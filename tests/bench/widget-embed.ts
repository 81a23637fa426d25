/**
 * The widget part (issue 40): the widget on a company's page, through the loader, beside the same
 * widget page as a bare iframe.
 *
 * Sizes: the loader (GET /widget/loader.js) and the chat app (GET /widget/app.js and the page's
 * stylesheet), gzipped by zlib at its default level, as a server or proxy in front would send them.
 *
 * Times, in Chromium on the site of tests/support/host-site.ts (http://localhost:…, another site
 * than the platform's http://127.0.0.1:…) with the network throttled through CDP
 * Network.emulateNetworkConditions to the Fast 3G profile's figures — 1.6 Mbps down (200,000 B/s),
 * 750 kbps up (93,750 B/s), 150 ms of latency added to every response (DevTools' own preset scales
 * these by 0.9 and 3.75; the raw figures are used) — each round in a fresh browser context (cold
 * cache, empty storage). Site isolation is off for the run so the iframe shares the page's process
 * and its throttled network (an out-of-process frame would escape the page's emulation).
 * Marks are taken in the pages by an init script that runs in every frame, on the epoch clock
 * (performance.timeOrigin + now()) that both frames share: the launcher counts as visible, and the
 * entry form as usable (its fields and an enabled 'Iniciar chat'), in the task after the frame that
 * follows the DOM change (requestAnimationFrame, then a task), the click at its event's time stamp.
 *
 * - loader: navigation start → launcher visible, and the host page's load event → launcher visible
 *   (the loader is async: the page's own load is not waiting for the launcher's colours);
 *   click on the launcher → entry form usable;
 * - baseline: navigation start → entry form usable with the widget page as a bare iframe in the
 *   HTML; click on a button that adds that bare iframe → entry form usable.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { LOADER_SCRIPT, WIDGET_SCRIPT, WIDGET_STYLE } from '../../src/server/widget/bundle.generated.js';
import { LAUNCH_ARGS, requireBrowser } from '../e2e/browser';
import { startHostSite } from '../support/host-site';
import { startBenchPlatform } from './platform';
import { percentile, ratioLine } from './report';

export const FAST_3G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 } as const;
const WAIT_MS = 60_000;

/** Runs in every frame before its scripts: the marks this part reads (see the file's comment). */
const PROBE = `(() => {
  const marks = (window.__benchMarks = {});
  const now = () => performance.timeOrigin + performance.now();
  const later = (name) => requestAnimationFrame(() => setTimeout(() => { if (marks[name] === undefined) marks[name] = now(); }, 0));
  const watch = () => {
    if (marks.launcherSeen === undefined && document.getElementById('atiende-widget')) { marks.launcherSeen = true; later('launcher'); }
    const submit = document.getElementById('entry-submit');
    if (marks.formSeen === undefined && submit && !submit.disabled && document.querySelector('#entry-fields [id^="field-"]')) { marks.formSeen = true; later('form'); }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true, attributes: true });
  addEventListener('click', (event) => { if (marks.click === undefined) marks.click = performance.timeOrigin + event.timeStamp; }, true);
})();`;

interface Marks {
  launcher?: number;
  form?: number;
  click?: number;
}

async function mark(frame: Frame | Page, name: keyof Marks): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await frame.evaluate((key) => (globalThis as unknown as { __benchMarks?: Marks }).__benchMarks?.[key], name);
    if (typeof value === 'number') return value;
    if (Date.now() > deadline) throw new Error(`bench widget: no '${name}' mark`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function widgetFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes('/widget?'));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error('bench widget: the widget frame never appeared');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A throttled page in a fresh context (cold cache, no storage) with the probe installed. */
async function freshPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 1280, height: 720 } });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  return { page, close: () => context.close() };
}

const timeOrigin = (page: Page) => page.evaluate(() => performance.timeOrigin);
const loadEventAt = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page: its performance, not the node project's typings (no navigation entries there).
    const page = globalThis as unknown as { performance: { timeOrigin: number; getEntriesByType(type: string): { loadEventStart: number }[] } };
    const navigation = page.performance.getEntriesByType('navigation')[0];
    return page.performance.timeOrigin + (navigation?.loadEventStart ?? NaN);
  });

interface Round {
  loaderNavToLauncher: number;
  loaderLoadToLauncher: number;
  loaderClickToForm: number;
  bareNavToForm: number;
  bareClickToForm: number;
}

async function round(browser: Browser, siteUrl: string): Promise<Round> {
  const loader = await freshPage(browser);
  let loaderNavToLauncher: number;
  let loaderLoadToLauncher: number;
  let loaderClickToForm: number;
  try {
    await loader.page.goto(siteUrl, { waitUntil: 'load', timeout: WAIT_MS });
    const launcherAt = await mark(loader.page, 'launcher');
    loaderNavToLauncher = launcherAt - (await timeOrigin(loader.page));
    loaderLoadToLauncher = launcherAt - (await loadEventAt(loader.page));
    await loader.page.getByRole('button', { name: 'Abrir chat' }).click();
    const formAt = await mark(await widgetFrame(loader.page), 'form');
    loaderClickToForm = formAt - (await mark(loader.page, 'click'));
  } finally {
    await loader.close();
  }

  const bare = await freshPage(browser);
  let bareNavToForm: number;
  try {
    await bare.page.goto(`${siteUrl}/marco`, { waitUntil: 'load', timeout: WAIT_MS });
    bareNavToForm = (await mark(await widgetFrame(bare.page), 'form')) - (await timeOrigin(bare.page));
  } finally {
    await bare.close();
  }

  const onClick = await freshPage(browser);
  let bareClickToForm: number;
  try {
    await onClick.page.goto(`${siteUrl}/marco-boton`, { waitUntil: 'load', timeout: WAIT_MS });
    await onClick.page.getByRole('button', { name: 'Abrir chat' }).click();
    bareClickToForm = (await mark(await widgetFrame(onClick.page), 'form')) - (await mark(onClick.page, 'click'));
  } finally {
    await onClick.close();
  }
  return { loaderNavToLauncher, loaderLoadToLauncher, loaderClickToForm, bareNavToForm, bareClickToForm };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const within = (ms: number, goal: number) => `goal ≤ ${goal} ms — ${ms <= goal ? 'met' : 'not met'}`;

export async function benchWidgetEmbed(options: { rounds: number }): Promise<string[]> {
  const loaderGzip = gzipSync(LOADER_SCRIPT).length;
  const appGzip = gzipSync(WIDGET_SCRIPT).length + gzipSync(WIDGET_STYLE).length;
  const lines = [
    `Widget on a host page (issue 40): loader and chat app sizes; ${options.rounds} cold rounds in Chromium at Fast 3G (1.6 Mbps down, 750 kbps up, 150 ms latency)`,
    `${'loader (GET /widget/loader.js), gzipped'.padEnd(64)} ${kb(loaderGzip).padStart(9)}  goal ≤ 5 KB — ${loaderGzip <= 5 * 1024 ? 'met' : 'not met'} (${kb(Buffer.byteLength(LOADER_SCRIPT))} raw)`,
    `${'chat app (GET /widget/app.js + its stylesheet), gzipped'.padEnd(64)} ${kb(appGzip).padStart(9)}  (${kb(Buffer.byteLength(WIDGET_SCRIPT) + Buffer.byteLength(WIDGET_STYLE))} raw)`
  ];
  const { executablePath } = requireBrowser();
  const platform = await startBenchPlatform();
  const site = await startHostSite(platform.url);
  const browser = await chromium.launch({ executablePath, headless: true, args: [...LAUNCH_ARGS, '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'] });
  try {
    await round(browser, site.url); // warm-up: the platform's first answers, Chromium's first contexts
    const rounds: Round[] = [];
    for (let i = 0; i < options.rounds; i++) rounds.push(await round(browser, site.url));
    const median = (key: keyof Round) => percentile(rounds.map((r) => r[key]), 50);
    const loadToLauncher = median('loaderLoadToLauncher');
    const clickToForm = median('loaderClickToForm');
    lines.push(
      ratioLine('navigation → launcher visible (loader)', median('loaderNavToLauncher'), median('bareNavToForm'), 'bare iframe: navigation → entry form usable'),
      `${"host page's load event → launcher visible (loader)".padEnd(64)} ${loadToLauncher.toFixed(1).padStart(8)} ms  ${within(loadToLauncher, 300)}`,
      ratioLine('click on the launcher → entry form usable (loader)', clickToForm, median('bareClickToForm'), 'click adding a bare iframe → entry form usable', within(clickToForm, 2000))
    );
    return lines;
  } finally {
    await browser.close();
    await site.close();
    await platform.app.close();
  }
}
