/**
 * The queue part (issue 20): the supervisors' 'Cola de chats' screen with `chats` waiting chats.
 * The measurement itself (tests/unit/renderer/queue-render.measure.tsx) runs under vitest in jsdom with the renderer's
 * own transform (the React plugin), in a worker of its own, and hands its figures back in the test's meta:
 * data arrival → the commit with every row, the page ÷ a bare React table of the same rows (same
 * run, alternating, median of `rounds` after a cold first of each), and the rows re-rendered when
 * one chat changes through a live notice (React DevTools-hook render counter; goal 1).
 * Then the same screen in Chromium (queue-chromium.ts): the real page through the browser host with
 * `chats` real waiting chats, data arrival → first paint of the rows, cold and the median of `rounds`
 * visits, ÷ a plain DOM table of the same answer; and where the rows sit when scrolled.
 */
import react from '@vitejs/plugin-react';
import { startVitest } from 'vitest/node';
import { z } from 'zod';
import { UI } from '../../src/shared/constants';
import { measureQueueInChromium, VIEWPORT, type QueueChromiumResult } from './queue-chromium';
import { LABEL_WIDTH, ratioLine } from './report';

export interface QueueBenchOptions {
  /** BENCH_QUEUE_CHATS (500). */
  chats: number;
  /** BENCH_QUEUE_ROUNDS (7): timed rounds of each after the cold one. */
  rounds: number;
}

// The measurement declares the same (it is in the renderer's typecheck, this file in the node one).
declare module 'vitest' {
  export interface ProvidedContext {
    queueBench: { chats: number; rounds: number };
  }
}

const MEASURE = 'tests/unit/renderer/queue-render.measure.tsx';

/** SPEC's goal for the screen: first paint within this long of the data arriving. */
const FIRST_PAINT_GOAL_MS = 300;

const Result = z.object({
  chats: z.number(),
  rounds: z.number(),
  viewportPx: z.number(),
  pageRows: z.number(),
  nodeEnv: z.string(),
  coldBare: z.number(),
  coldPage: z.number(),
  bare: z.number(),
  page: z.number(),
  pageSamples: z.array(z.number()),
  bareSamples: z.array(z.number()),
  rerendered: z.array(z.string()),
  updateMs: z.number()
});

export async function benchQueueScreen(options: QueueBenchOptions): Promise<string[]> {
  const jsdom = await benchQueueInJsdom(options);
  return [...jsdom, ...chromiumLines(await measureQueueInChromium(options.chats, options.rounds))];
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const met = (ok: boolean) => (ok ? 'met' : 'not met');
const ms = (xs: readonly number[]) => xs.map((x) => x.toFixed(0)).join(', ');

/** The Chromium figures: data arrival → first paint of the rows (cold, then the median of the visits), ÷ a plain DOM table; where the rows sit. */
function chromiumLines(r: QueueChromiumResult): string[] {
  const page = median(r.visits.map((v) => v.dataToPaint));
  const bare = median(r.bare);
  const commit = median(r.visits.map((v) => v.dataToCommit));
  const painted = r.visits.at(-1)?.rowsAtPaint ?? r.cold.rowsAtPaint;
  const where = r.placements.map(({ where, placement: p }) => {
    const heights = p.heights.map((h) => `${h} px`).join(' / ');
    return `${where}: rows ${p.first + 1}–${p.last + 1} at scrollTop ${Math.round(p.scrollTop)}, ${heights}, worst offset ${p.worstOffset.toFixed(1)} px`;
  });
  const exact = r.placements.every(({ placement: p }) => p.worstOffset < 1 && p.heights.length === 1 && Math.abs((p.heights[0] ?? 0) - UI.queueRowPx) < 0.5);
  return [
    `Queue screen in Chromium — ${r.chats} waiting chats (customers through the widget), ChatQueuePage through the browser host at ${VIEWPORT.width}×${VIEWPORT.height}`,
    ratioLine(`data arrival → first paint of the rows, median of ${r.visits.length} visits`, page, bare, `plain DOM table of all ${r.bareRows} rows`, `goal < ${FIRST_PAINT_GOAL_MS} ms — ${met(page < FIRST_PAINT_GOAL_MS)}`),
    `${'  samples: page / plain table (ms)'.padEnd(LABEL_WIDTH)} ${ms(r.visits.map((v) => v.dataToPaint))} / ${ms(r.bare)}`,
    ratioLine('  cold (the first visit in the tab)', r.cold.dataToPaint, r.coldBare, 'plain DOM table', `goal < ${FIRST_PAINT_GOAL_MS} ms — ${met(r.cold.dataToPaint < FIRST_PAINT_GOAL_MS)}`),
    `(data → the commit with the rows: cold ${r.cold.dataToCommit.toFixed(0)} ms, median ${commit.toFixed(0)} ms; ${painted} rows painted of ${r.chats}: the box's and the overscan)`,
    `${`rows where the estimate puts them (ROW_PX ${UI.queueRowPx})`.padEnd(LABEL_WIDTH)} ${exact ? 'every row' : 'NOT every row'} — ${where.join('; ')}`
  ];
}

async function benchQueueInJsdom({ chats, rounds }: QueueBenchOptions): Promise<string[]> {
  // The worker inherits it: React's production build, what the app ships (the measurement uses no `act`).
  const savedEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const provide = { queueBench: { chats, rounds } };
  try {
    const vitest = await startVitest(
      'test',
      [MEASURE],
      { config: false, watch: false, include: [MEASURE], reporters: ['dot'], maxWorkers: 1, testTimeout: 900_000, provide },
      { plugins: [react()], mode: 'production' }
    );
    const failed = vitest.state.getCountOfFailedTests();
    const metas = vitest.state.getFiles().flatMap((file) => file.tasks.map((task) => (task.meta as Record<string, unknown>).queueBench));
    await vitest.close();
    if (failed > 0) throw new Error('queue bench: the measurement failed (its output is above)');
    const r = Result.parse(metas.find((m) => m !== undefined));
    const ratio = r.page / r.bare;
    return [
      `Queue screen ('Cola de chats') — ${r.chats} waiting chats; ChatQueuePage in jsdom (vitest, React ${r.nodeEnv === 'production' ? 'production' : 'development'} build; no layout or paint)`,
      `(the page's table is virtualised: it commits the ${r.pageRows} rows of a ${r.viewportPx} px box and its overscan; the bare table all ${r.chats})`,
      ratioLine(`data arrival → first commit with the rows, median of ${r.rounds}`, r.page, r.bare, 'bare React table', `goal < ${FIRST_PAINT_GOAL_MS} ms — ${met(r.page < FIRST_PAINT_GOAL_MS)}`),
      `${'  samples: page / bare table (ms)'.padEnd(LABEL_WIDTH)} ${ms(r.pageSamples)} / ${ms(r.bareSamples)}`,
      ratioLine('  cold (first mount of each, one-time costs included)', r.coldPage, r.coldBare, 'bare React table', `goal < ${FIRST_PAINT_GOAL_MS} ms — ${met(r.coldPage < FIRST_PAINT_GOAL_MS)}`),
      `${'rows re-rendered when one chat changes (live notice → reload)'.padEnd(LABEL_WIDTH)} ${String(r.rerendered.length).padStart(8)} (${r.rerendered.join(', ') || 'none'}; its commit ${r.updateMs.toFixed(1)} ms after the data)  goal 1 — ${met(r.rerendered.length === 1)}`,
      `(${ratio.toFixed(2)}×: the page's ${r.pageRows} rows with Fluent, the page around them and the answer's schema check ÷ ${r.chats} plain rows with React alone)`
    ];
  } finally {
    if (savedEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = savedEnv;
  }
}
