/**
 * The agent console's JS heap under load (issue 3): the browser host (its own platform, the
 * main-process services, the renderer served to Chromium) with asesor@demo.co signed in and
 * Conectado, `chats` customers over socket.io who asked for a human, each chat accepted in the
 * page, one of them kept open in view. Customers then send `messagesPerChat` rounds of one message
 * each; the page's heap is read over CDP (after forced GCs) once the page shows the first round,
 * and again once it shows the last. The raw baseline is the first reading.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { z } from 'zod';
import { startBrowserHost } from '../../src/main/browser-host';
import { buildApp } from '../../src/server/app';
import { baseConfig, DEFAULT_SOCKET_RATE_LIMITS } from '../../src/server/config';
import { chatParameters } from '../../src/server/db/schema';
import { LAUNCH_ARGS, requireBrowser } from '../e2e/browser';
import { escalatedCustomer, widgetConfig, type BenchCustomer } from './customers';
import { PASSWORD } from './platform';
import { inBatches, LABEL_WIDTH } from './report';

export interface RendererHeapOptions {
  /** BENCH_HEAP_CHATS (50). */
  chats: number;
  /** BENCH_HEAP_MESSAGES (40): customer messages per chat. */
  messagesPerChat: number;
}

const ORG = 100;
const AGENT = 'asesor@demo.co';
/** "Flat" within this much growth. */
export const FLAT_WITHIN = 1.1;
export const PAGE_WAIT_MS = 120_000;
/** One message per customer per round: no faster than the platform's default per-socket message rate. */
const MIN_ROUND_MS = 1000 / DEFAULT_SOCKET_RATE_LIMITS.messages.perSecond;

const HeapUsage = z.object({ usedSize: z.number(), totalSize: z.number() });
const DomCounters = z.object({ documents: z.number(), nodes: z.number(), jsEventListeners: z.number() });

/** The host's routine messages stay out of the bench's output; warnings and errors still show. */
export const quietLogger = {
  info: () => undefined,
  warn: (message: string, detail?: unknown) => console.warn(message, detail ?? ''),
  error: (message: string, detail?: unknown) => console.error(message, detail ?? '')
};

/**
 * A platform data directory (migrated and seeded as on a first start) where org 100 lets an agent
 * hold `chats` chats at once: the browser host then starts its platform on it.
 */
export async function preparePlatformData(dataDir: string, chats: number): Promise<void> {
  const app = await buildApp({ ...baseConfig(process.env), redisUrl: undefined, port: 0, host: '127.0.0.1', database: { kind: 'pglite', dataDir }, logger: false, demoConversations: 0 });
  try {
    await app.db.update(chatParameters).set({ nroMaximoChatsAsesor: Math.max(chats, 3) }).where(eq(chatParameters.organizationId, ORG));
  } finally {
    await app.close();
  }
}

export interface HeapReading {
  usedBytes: number;
  domNodes: number;
}

export async function readHeap(cdp: CDPSession): Promise<HeapReading> {
  // Several collections: what one frees (finalizers, weak maps) may only become collectable for the next.
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const heap = HeapUsage.parse(await cdp.send('Runtime.getHeapUsage'));
  const dom = DomCounters.parse(await cdp.send('Memory.getDOMCounters'));
  return { usedBytes: heap.usedSize, domNodes: dom.nodes };
}

/** Signs the agent in, sets it Conectado and waits for the chat link to be online. */
export async function agentConsole(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Correo electrónico').fill(AGENT);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/chat$/);
  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Conectado', exact: true }).click();
  await page.getByRole('button', { name: 'Estado del asesor: Conectado' }).waitFor();
  await page.getByTestId('conexion').filter({ hasText: 'En línea' }).waitFor();
}

/** Resolves once `count` entries of the chat list match (polled: one round trip per check). */
async function listShows(page: Page, count: number, hasText?: string): Promise<void> {
  const items = page.locator('[data-conversation]');
  const matching = hasText === undefined ? items : items.filter({ hasText });
  const deadline = Date.now() + PAGE_WAIT_MS;
  while ((await matching.count()) < count) {
    if (Date.now() > deadline) throw new Error(`bench: the console never showed ${count} chats${hasText ? ` with "${hasText}"` : ''}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** What a bench gets from withAgentConsole: the host, Chromium's page on the agent console, its CDP session, and the widget's configuration. */
export interface AgentConsole {
  host: { url: string; platformUrl: string };
  page: Page;
  cdp: CDPSession;
  config: Awaited<ReturnType<typeof widgetConfig>>;
}

/**
 * Runs `use` on a browser host of its own (a fresh platform data directory where the agent may
 * hold `chats` chats at once) with Chromium signed in as the agent, Conectado and online; then
 * disconnects `customers` (those the bench opened), closes Chromium and the host, and removes the
 * data directory, whatever happened.
 */
export async function withAgentConsole<T>(chats: number, customers: Iterable<BenchCustomer>, use: (agent: AgentConsole) => Promise<T>): Promise<T> {
  const { executablePath } = requireBrowser();
  const dataDir = await mkdtemp(join(tmpdir(), 'atiende-bench-'));
  try {
    await preparePlatformData(dataDir, chats);
    const host = await startBrowserHost({ port: 0, dataDir, build: true, logger: quietLogger });
    const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true });
    try {
      const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_WAIT_MS);
      await agentConsole(page, host.url);
      const cdp = await context.newCDPSession(page);
      const config = await widgetConfig(host.platformUrl);
      return await use({ host, page, cdp, config });
    } finally {
      for (const customer of customers) customer.socket.disconnect();
      await browser.close();
      await host.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchRendererHeap({ chats, messagesPerChat }: RendererHeapOptions): Promise<string[]> {
  const tag = `h${Date.now().toString(36)}`;
  const crowd: BenchCustomer[] = [];
  return withAgentConsole(chats, crowd, async ({ host, page, cdp, config }) => {
      await inBatches(
        Array.from({ length: chats }, (_, i) => i + 1),
        5,
        async (n) => {
          crowd.push(await escalatedCustomer(host.platformUrl, config, n, tag));
        }
      );
      await listShows(page, chats);

      // The agent takes every chat (Iniciar chat), then keeps the first one open in view.
      for (const customer of crowd) {
        const item = page.locator(`[data-conversation="${customer.conversationId}"]`);
        await item.click();
        await page.getByRole('button', { name: 'Iniciar chat' }).click();
        await item.filter({ hasText: 'Activo' }).waitFor();
      }
      const inView = crowd[0];
      if (!inView) throw new Error('bench: no chat to keep in view');
      await page.locator(`[data-conversation="${inView.conversationId}"]`).click();

      const roundText = (round: number) => `Ronda ${round}/${messagesPerChat} del cliente`;
      let first: HeapReading | null = null;
      for (let round = 1; round <= messagesPerChat; round++) {
        const roundStarted = Date.now();
        // One message per chat; the round is done once every chat's entry shows it as its newest.
        await Promise.all(crowd.map((customer, i) => customer.say(`${tag}-r${round}-c${i + 1}`, `${roundText(round)} ${i + 1}: mi pedido sigue sin llegar`)));
        await listShows(page, chats, roundText(round));
        if (round === 1) first = await readHeap(cdp);
        // The host's platform keeps the per-socket message limit (a person's pace): a round that took less waits out the rest.
        await new Promise((resolve) => setTimeout(resolve, MIN_ROUND_MS - (Date.now() - roundStarted)));
      }
      if (!first) throw new Error('bench: no message was sent (BENCH_HEAP_MESSAGES)');
      const last = await readHeap(cdp);
      const ratio = last.usedBytes / first.usedBytes;
      const total = chats * messagesPerChat;
      return [
        `Renderer heap — ${chats} chats, ${total} customer messages, one chat in view; Chromium JS heap after forced GC (CDP Runtime.getHeapUsage)`,
        `${`JS heap after ${total} messages ÷ after the first ${chats}`.padEnd(LABEL_WIDTH)} ${ratio.toFixed(2).padStart(8)} × first reading (${mb(last.usedBytes)} MB vs ${mb(first.usedBytes)} MB; DOM nodes ${last.domNodes} vs ${first.domNodes})  goal ≈ 1.0× (flat) — ${ratio <= FLAT_WITHIN ? 'met' : 'not met'} (within ${Math.round((FLAT_WITHIN - 1) * 100)}%)`
      ];
  });
}
