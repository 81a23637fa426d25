/**
 * The queue part (issue 20): the supervisors' 'Cola de chats' screen with `chats` waiting chats.
 * The measurement itself (tests/unit/renderer/queue-render.measure.tsx) runs under vitest in jsdom with the renderer's
 * own transform (the React plugin), in a worker of its own, and hands its figures back in the test's meta:
 * data arrival → the commit with every row, the page ÷ a bare React table of the same rows (same
 * run, alternating, median of `rounds` after a cold first of each), and the rows re-rendered when
 * one chat changes through a live notice (React DevTools-hook render counter; goal 1).
 */
import react from '@vitejs/plugin-react';
import { startVitest } from 'vitest/node';
import { z } from 'zod';
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

export async function benchQueueScreen({ chats, rounds }: QueueBenchOptions): Promise<string[]> {
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
    const met = (ok: boolean) => (ok ? 'met' : 'not met');
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
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
