/**
 * The agent console's renderer heap over a compressed shift (issue 21): the browser host (its own
 * platform, the main-process services, the renderer served to Chromium) with asesor@demo.co signed
 * in and Conectado. Every hour of the shift, `chatsPerHour` customers ask for a human, `AT_ONCE` at a
 * time; the agent takes each in the page (Iniciar chat) and answers `turns` customer messages in
 * each, switching the chat in view from one to the next as a person does; then every other chat is
 * finished by the agent (Finalizar, with reasons) and the rest by the customer leaving. Once an hour
 * the agent pauses (Pausa…, the first pause event) and comes back. An hour lasts at least
 * `hourSeconds` (the page's timers run meanwhile). The page's JS heap is read over CDP after forced
 * GCs at the end of every hour: the end ÷ after the first hour is the figure (goal ≤ 1.1×). Beside
 * it, from heap snapshots after the first hour and the last: how much of the heap is V8's compiled
 * code (the page's functions optimised as the shift goes on — most of the growth, H3's snapshots
 * showed) and the ratio of the rest.
 * The console keeps the last 50 finished chats in its list (MAX_FINISHED_CHATS): a shift longer than
 * that many chats reaches the cap, and from then on the list stops growing.
 */
import type { CDPSession, Page } from 'playwright-core';
import { z } from 'zod';
import { MAX_FINISHED_CHATS } from '../../src/main/services/chat-book';
import { ackData, escalatedCustomer, type BenchCustomer } from './customers';
import { FLAT_WITHIN, mb, readHeap, withAgentConsole, type HeapReading } from './renderer-heap';
import { LABEL_WIDTH } from './report';

export interface RendererShiftOptions {
  /** BENCH_HEAP_SHIFT_HOURS (8): hours of the shift. */
  hours: number;
  /** BENCH_HEAP_SHIFT_CHATS (12): chats the agent takes, answers and closes per hour. */
  chatsPerHour: number;
  /** BENCH_HEAP_SHIFT_TURNS (3): customer messages answered in each chat. */
  turns: number;
  /** BENCH_HEAP_SHIFT_HOUR_SECONDS (30): the least an hour of the shift lasts here. */
  hourSeconds: number;
}

/** Heap snapshot nodes that are V8's compiled code and its metadata (bytecode, optimised code, feedback). */
const HeapSnapshot = z.object({
  snapshot: z.object({ meta: z.object({ node_fields: z.array(z.string()), node_types: z.array(z.unknown()) }) }),
  nodes: z.array(z.number())
});

/**
 * The page's compiled code in its JS heap (bytes): the nodes of type 'code' in a heap snapshot.
 * It grows as the page's functions get hot and V8 optimises them — the warm-up of a long session,
 * not data the console keeps — so the figure is printed with it and without it.
 */
async function compiledCodeBytes(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const { snapshot, nodes } = HeapSnapshot.parse(JSON.parse(chunks.join('')));
  const fields = snapshot.meta.node_fields;
  const types = z.array(z.string()).parse(snapshot.meta.node_types[0]);
  const [type, size] = [fields.indexOf('type'), fields.indexOf('self_size')];
  const code = types.indexOf('code');
  let bytes = 0;
  for (let i = 0; i < nodes.length; i += fields.length) if (nodes[i + type] === code) bytes += nodes[i + size] ?? 0;
  return bytes;
}

/** Chats the agent holds at once (the organisation's limit is set to this). */
const AT_ONCE = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's entry of a chat. */
const entry = (page: Page, conversationId: string) => page.locator(`[data-conversation="${conversationId}"]`);

/** The agent takes the chat: opens it and presses Iniciar chat. */
async function take(page: Page, customer: BenchCustomer): Promise<void> {
  const item = entry(page, customer.conversationId);
  await item.click();
  await page.getByRole('button', { name: 'Iniciar chat' }).click();
  await item.filter({ hasText: 'Activo' }).waitFor();
}

/** The customer writes, the agent opens that chat, reads it and answers with the composer (Enter), stored. */
async function turn(page: Page, customer: BenchCustomer, clientId: string, asks: string, answers: string): Promise<void> {
  await customer.say(clientId, asks);
  await entry(page, customer.conversationId).click();
  const thread = page.getByTestId('mensajes');
  await thread.getByText(asks).waitFor();
  const composer = page.getByRole('combobox', { name: 'Mensaje' });
  await composer.fill(answers);
  await composer.press('Enter');
  await thread.getByText(answers).waitFor();
  await thread.getByText('Enviando…').waitFor({ state: 'detached' });
}

/** The agent finishes the chat in view with the first business reason and a final reason. */
async function finish(page: Page, customer: BenchCustomer): Promise<void> {
  await entry(page, customer.conversationId).click();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Causal de finalización').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Finalizar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Pausa… with the first pause event, then Conectado again. */
async function pauseAndReturn(page: Page): Promise<void> {
  const status = page.getByRole('button', { name: /^Estado del asesor:/ });
  await status.click();
  await page.getByRole('menuitemradio', { name: 'Pausa…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Evento de pausa').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByRole('button', { name: /^Estado del asesor: Pausa/ }).waitFor();
  await status.click();
  await page.getByRole('menuitemradio', { name: 'Conectado', exact: true }).click();
  await page.getByRole('button', { name: 'Estado del asesor: Conectado' }).waitFor();
}

export async function benchRendererShift({ hours, chatsPerHour, turns, hourSeconds }: RendererShiftOptions): Promise<string[]> {
  const tag = `hs${Date.now().toString(36)}`;
  const open = new Set<BenchCustomer>();
  const started = Date.now();
  return withAgentConsole(AT_ONCE, open, async ({ host, page, cdp, config }) => {
      let n = 0;
      const readings: HeapReading[] = [];
      const listed: number[] = [];
      /** Compiled code at the end of the first hour and of the last. */
      const code: number[] = [];
      for (let hour = 1; hour <= hours; hour++) {
        const hourEnds = Date.now() + hourSeconds * 1000;
        for (let done = 0; done < chatsPerHour; done += AT_ONCE) {
          const group = await Promise.all(
            Array.from({ length: Math.min(AT_ONCE, chatsPerHour - done) }, async () => {
              const customer = await escalatedCustomer(host.platformUrl, config, ++n, tag);
              open.add(customer);
              return customer;
            })
          );
          for (const customer of group) await take(page, customer);
          for (let t = 1; t <= turns; t++) {
            for (const [i, customer] of group.entries()) {
              const k = done + i + 1;
              await turn(page, customer, `${tag}-h${hour}-c${k}-t${t}`, `Hora ${hour}, cliente ${k}, turno ${t}: mi pedido no llega`, `Hora ${hour}, cliente ${k}, respuesta ${t}: ya lo reviso`);
            }
          }
          for (const [i, customer] of group.entries()) {
            if (i % 2 === 0) await finish(page, customer);
            else ackData('widget:leave', await customer.socket.emitWithAck('widget:leave', {}));
            await entry(page, customer.conversationId).filter({ hasText: 'Finalizado' }).waitFor();
            customer.socket.disconnect();
            open.delete(customer);
          }
          if (done === 0) await pauseAndReturn(page);
        }
        await sleep(hourEnds - Date.now());
        readings.push(await readHeap(cdp));
        listed.push(await page.locator('[data-conversation]').count());
        // After the hour's reading, so the snapshot cannot disturb it.
        if (hour === 1 || hour === hours) code.push(await compiledCodeBytes(cdp));
      }
      const [first, end] = [readings[0], readings.at(-1)];
      if (!first || !end) throw new Error('bench: no hour of the shift ran (BENCH_HEAP_SHIFT_HOURS)');
      const ratio = end.usedBytes / first.usedBytes;
      const [firstCode = 0, endCode = firstCode] = code;
      const dataRatio = (end.usedBytes - endCode) / (first.usedBytes - firstCode);
      return [
        `Renderer heap over a shift — ${hours} hours, ${chatsPerHour} chats an hour taken, answered (${turns} turns) and closed, ${AT_ONCE} at a time, one pause an hour; ${n} chats in ${((Date.now() - started) / 1000).toFixed(0)} s; Chromium JS heap after forced GC`,
        `${'JS heap at the end of the shift ÷ after the first hour'.padEnd(LABEL_WIDTH)} ${ratio.toFixed(3).padStart(8)} × first hour (${mb(end.usedBytes)} MB vs ${mb(first.usedBytes)} MB; DOM nodes ${end.domNodes} vs ${first.domNodes})  goal ≤ ${FLAT_WITHIN}× — ${ratio <= FLAT_WITHIN ? 'met' : 'not met'}`,
        `(of which V8's compiled code: ${mb(endCode)} MB vs ${mb(firstCode)} MB — the warm-up of the page's functions; the rest of the heap ${dataRatio.toFixed(3)}× first hour, ${mb(end.usedBytes - endCode)} MB vs ${mb(first.usedBytes - firstCode)} MB)`,
        `(by hour — JS heap MB: ${readings.map((r) => mb(r.usedBytes)).join(', ')}; DOM nodes: ${readings.map((r) => r.domNodes).join(', ')}; chats in the list: ${listed.join(', ')}, at most ${MAX_FINISHED_CHATS} finished ones kept)`
      ];
  });
}
