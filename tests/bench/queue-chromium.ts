/**
 * The queue part's Chromium measurement (issue 20): the real 'Cola de chats' page in Chromium
 * through the browser host (its own platform on a fresh PGlite directory, the main-process
 * services, the built renderer), with `chats` real waiting chats — customers on the widget's
 * socket.io namespace who asked the assistant for a human while no agent is connected — and
 * admin@demo.co signed in at 1366×768.
 *
 * Timed in the page by a probe added before the app's scripts (queue-probe.js, an init script): data
 * arrival is the moment the bridge's WebSocket delivers the liveQueue answer (the probe's listener
 * runs before the bridge's own; it reads only the message's id), first paint is the task after the
 * frame that follows the commit putting the rows in the document (a MutationObserver sees the
 * commit; requestAnimationFrame, then a MessageChannel task, runs after that frame's style, layout
 * and paint). Cold is the first visit to the page in the tab; then the page is left (history back
 * to the home page, waiting until its calls are answered) and visited again (history forward).
 * Each visit is paired with the raw baseline, in the same tab: the same answer's text parsed and
 * all its rows built as a plain DOM table (no framework) over the page, to the same paint.
 *
 * Then, untimed, where the rows are: every row rendered in the scroll box at the top, after mouse
 * wheel scrolls to the middle and to the end, and its offset from the table's top against
 * header + (index × ROW_PX) — the virtualiser's estimate — and its height against ROW_PX.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { z } from 'zod';
import { startBrowserHost } from '../../src/main/browser-host';
import { buildApp } from '../../src/server/app';
import { baseConfig } from '../../src/server/config';
import { splits } from '../../src/server/db/schema';
import { UI } from '../../src/shared/constants';
import { LAUNCH_ARGS, requireBrowser } from '../e2e/browser';
import { escalatedCustomer, widgetConfig, type BenchCustomer } from './customers';
import { PASSWORD } from './platform';
import { quietLogger } from './renderer-heap';
import { inBatches } from './report';

const ORG = 100;
const SUPERVISOR = 'admin@demo.co';
export const VIEWPORT = { width: 1366, height: 768 } as const;
const PAGE_WAIT_MS = 120_000;
/** The queue table's row height (QueueTable's ROW_PX, its virtualiser's estimate). */
const ROW_PX = UI.queueRowPx;
/** The probe the page gets before its own scripts (plain JavaScript, see the file). */
const PROBE_SCRIPT = fileURLToPath(new URL('./queue-probe.js', import.meta.url));

/**
 * A platform data directory (migrated and seeded as on a first start) where no split closes a
 * waiting chat for some hours: the demo's 15 minutes would end the crowd's chats mid-run.
 */
async function prepareQueueData(dataDir: string): Promise<void> {
  const app = await buildApp({ ...baseConfig(process.env), redisUrl: undefined, port: 0, host: '127.0.0.1', database: { kind: 'pglite', dataDir }, logger: false, demoConversations: 0 });
  try {
    await app.db.update(splits).set({ timeMaxInitConversation: 240 }).where(eq(splits.organizationId, ORG));
  } finally {
    await app.close();
  }
}

export interface WaitingQueue {
  page: Page;
  /** Goes to the queue screen through the menu, as a supervisor does. */
  openQueue(): Promise<void>;
}

/**
 * Runs `use` with `chats` customers waiting in org 100's queues and Chromium signed in as
 * admin@demo.co on the home page at 1366×768 (the probe installed); then disconnects the
 * customers, closes Chromium and the host, and removes the data directory, whatever happened.
 */
export async function withWaitingQueue<T>(chats: number, use: (queue: WaitingQueue) => Promise<T>): Promise<T> {
  const { executablePath } = requireBrowser();
  const dataDir = await mkdtemp(join(tmpdir(), 'atiende-bench-queue-'));
  const crowd: BenchCustomer[] = [];
  // Every bench customer comes from 127.0.0.1: the host's platform reads the per-address new-chat budget from here.
  const savedLimit = process.env.WIDGET_CONNECT_MAX;
  process.env.WIDGET_CONNECT_MAX = String(Math.max(1000, chats * 2));
  try {
    await prepareQueueData(dataDir);
    const host = await startBrowserHost({ port: 0, dataDir, build: true, logger: quietLogger });
    if (savedLimit === undefined) delete process.env.WIDGET_CONNECT_MAX;
    else process.env.WIDGET_CONNECT_MAX = savedLimit;
    const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true });
    try {
      const config = await widgetConfig(host.platformUrl);
      const tag = `q${Date.now().toString(36)}`;
      await inBatches(
        Array.from({ length: chats }, (_, i) => i + 1),
        10,
        async (n) => {
          crowd.push(await escalatedCustomer(host.platformUrl, config, n, tag));
        }
      );
      const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: VIEWPORT });
      await context.addInitScript({ path: PROBE_SCRIPT });
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_WAIT_MS);
      await page.goto(`${host.url}/login`);
      await page.getByLabel('Correo electrónico').fill(SUPERVISOR);
      await page.getByLabel('Contraseña').fill(PASSWORD);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(/\/analitica$/);
      const openQueue = async () => {
        const menu = page.getByRole('navigation', { name: 'Menú principal' });
        const link = menu.getByRole('link', { name: 'Cola de chats', exact: true });
        if (!(await link.isVisible())) {
          await menu.getByRole('button', { name: 'Estadísticas', exact: true }).click();
          await menu.getByRole('button', { name: 'Asesor humano', exact: true }).first().click();
        }
        await link.click();
      };
      return await use({ page, openQueue });
    } finally {
      for (const customer of crowd) customer.socket.disconnect();
      await browser.close();
      await host.close();
    }
  } finally {
    if (savedLimit === undefined) delete process.env.WIDGET_CONNECT_MAX;
    else process.env.WIDGET_CONNECT_MAX = savedLimit;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const Visit = z.object({ arrival: z.number(), commit: z.number(), paint: z.number(), rowsAtPaint: z.number(), rowCount: z.number() });
export interface QueueVisit {
  dataToCommit: number;
  dataToPaint: number;
  rowsAtPaint: number;
  rowCount: number;
}

/** Arms the probe, runs `go` (which brings the queue screen up), and reads data arrival → commit → paint. */
async function timeVisit(page: Page, go: () => Promise<void>): Promise<QueueVisit> {
  await page.evaluate('window.__queueProbe.arm()');
  await go();
  // Polled from here: the app's CSP refuses the string predicates waitForFunction evaluates in the page.
  const deadline = Date.now() + PAGE_WAIT_MS;
  let raw: unknown = null;
  while ((raw = await page.evaluate('window.__queueProbe.visit()')) === null) {
    if (Date.now() > deadline) throw new Error('queue bench: the rows were never painted');
    await new Promise((done) => setTimeout(done, 20));
  }
  const v = Visit.parse(raw);
  return { dataToCommit: v.commit - v.arrival, dataToPaint: v.paint - v.arrival, rowsAtPaint: v.rowsAtPaint, rowCount: v.rowCount };
}

const Bare = z.object({ ms: z.number(), rows: z.number() });

/** The baseline in the same tab: the last answer parsed and all its rows built as a plain DOM table, to the same paint. */
async function timeBareTable(page: Page): Promise<{ ms: number; rows: number }> {
  return Bare.parse(await page.evaluate('window.__queueProbe.bareTable()'));
}

/** Waits until every bridge call the page made is answered, and for a quiet half second after. */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + PAGE_WAIT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline) throw new Error('queue bench: the page never settled');
    const pending = z.number().parse(await page.evaluate('window.__queueProbe.pendingCalls()'));
    if (pending > 0) quietSince = Date.now();
    await new Promise((done) => setTimeout(done, 50));
  }
}

const Placement = z.object({
  scrollTop: z.number(),
  scrollHeight: z.number(),
  clientHeight: z.number(),
  headerPx: z.number(),
  rows: z.number(),
  first: z.number(),
  last: z.number(),
  worstOffset: z.number(),
  heights: z.array(z.number())
});
export type RowPlacement = z.infer<typeof Placement>;

/** Where the rendered rows are: each row's offset from the table's top against header + (index × ROW_PX), and the distinct row heights. */
export async function rowPlacement(page: Page): Promise<RowPlacement> {
  return Placement.parse(await page.evaluate(`window.__queueProbe.placement(${ROW_PX})`));
}

/** Scrolls the queue's box with the mouse wheel by `dy` px and waits for the rows to follow (the virtualiser's scroll end). */
export async function wheelQueue(page: Page, dy: number): Promise<void> {
  const box = page.locator('section[aria-label="Chats en espera"] table').locator('xpath=..');
  const rect = await box.boundingBox();
  if (!rect) throw new Error('queue bench: the queue box is not on screen');
  await page.mouse.move(rect.x + rect.width / 2, rect.y + Math.min(rect.height / 2, 200));
  const steps = Math.ceil(Math.abs(dy) / 400);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, Math.sign(dy) * Math.min(400, Math.abs(dy) - i * 400));
    await new Promise((done) => setTimeout(done, 30));
  }
  await new Promise((done) => setTimeout(done, 400));
}

export interface QueueChromiumResult {
  chats: number;
  cold: QueueVisit;
  coldBare: number;
  visits: QueueVisit[];
  bare: number[];
  bareRows: number;
  placements: { where: string; placement: RowPlacement }[];
}

export async function measureQueueInChromium(chats: number, rounds: number): Promise<QueueChromiumResult> {
  return withWaitingQueue(chats, async ({ page, openQueue }) => {
    await settle(page);
    const cold = await timeVisit(page, openQueue);
    if (cold.rowCount !== chats) throw new Error(`queue bench: the page lists ${cold.rowCount} waiting chats, not ${chats}`);
    await settle(page);
    const coldBare = await timeBareTable(page);
    const visits: QueueVisit[] = [];
    const bare: number[] = [];
    let bareRows = coldBare.rows;
    for (let i = 0; i < rounds; i++) {
      await page.goBack();
      await page.waitForURL(/\/analitica$/);
      await settle(page);
      visits.push(await timeVisit(page, async () => void (await page.goForward())));
      await settle(page);
      const b = await timeBareTable(page);
      bare.push(b.ms);
      bareRows = b.rows;
    }
    const placements: { where: string; placement: RowPlacement }[] = [];
    placements.push({ where: 'top', placement: await rowPlacement(page) });
    await wheelQueue(page, Math.round((chats / 2) * ROW_PX));
    placements.push({ where: 'middle (mouse wheel)', placement: await rowPlacement(page) });
    await wheelQueue(page, chats * ROW_PX);
    placements.push({ where: 'end (mouse wheel)', placement: await rowPlacement(page) });
    return { chats, cold, coldBare: coldBare.ms, visits, bare, bareRows, placements };
  });
}
