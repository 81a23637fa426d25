import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { bareStatQuery, runStat, STAT_KEYS, type StatKey } from '../../../src/server/stats';
import { callsOnTheirWay } from '../../../src/server/stats/executor';
import type { Db } from '../../../src/server/db/types';
import { BACKENDS } from '../../support/database';
import { NOW, statisticsPlatform, TWO_DAYS, type StatisticsPlatform } from './statistics-fixtures';

/**
 * An analytics page fires its calls at once; the statistics read from the same rows share one
 * statement (src/server/stats/summaries.ts), so the page costs one statement per summary — and each
 * call still answers its own figure, the same as when it runs alone.
 */
const TODAY_NOT_A_DAY = '2026-02-30';

/** Counts the statistics statements run on `db` from now on (a statement is one execute; the planner-statistics check is not one). */
function countStatements(db: Db): { count(): number; restore(): void } {
  const spy = vi.spyOn(db, 'execute');
  const planner = /pg_class|vacuum|analyze /i;
  return {
    count: () => spy.mock.calls.filter(([statement]) => !planner.test(JSON.stringify(statement))).length,
    restore: () => spy.mockRestore()
  };
}
const ATTENTION_PAGE: StatKey[] = ['tmo', 'fcr', 'tmAsignacion', 'tmAtencionAH', 'tmAtencionAV', 'attendedChatsShare', 'notAttendedChatsShare', 'missingBotResponse', 'abandonmentLevel'];

describe.each(BACKENDS)('statistics sharing their statements on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  it('runs the attention page’s nine figures as three statements, each answer the same as alone', async () => {
    const db = s.platform.app.services.reportsDb;
    const alone = [];
    for (const key of ATTENTION_PAGE) alone.push(await runStat(db, key, 100, TWO_DAYS, { now: NOW }));
    const spy = countStatements(db);
    try {
      const together = await Promise.all(ATTENTION_PAGE.map((key) => runStat(db, key, 100, TWO_DAYS, { now: NOW })));
      expect(together).toEqual(alone);
      // The conversation summary (7 figures), FCR (the customers' days, summed: interactions.ts) and the bot totals (NivelRespuestaBOT).
      expect(spy.count()).toBe(3);
    } finally {
      spy.restore();
    }
    // Once answered, nothing is kept: the next call runs its statement again.
    const again = countStatements(db);
    try {
      await runStat(db, 'tmo', 100, TWO_DAYS, { now: NOW });
      expect(again.count()).toBe(1);
    } finally {
      again.restore();
    }
  });

  it('runs the typings page’s four figures as two statements, and each on its own when causalesNegocio reads other conversations', async () => {
    const db = s.platform.app.services.reportsDb;
    const page = ['humanAgentTypingStatistics', 'businessCausalStatistics', 'finalCausalStatistics', 'automaticTransferStatistics'] as const;
    for (const query of [TWO_DAYS, { ...TWO_DAYS, causalesNegocio: '2' }]) {
      const alone = [];
      for (const key of page) alone.push(await runStat(db, key, 100, query, { now: NOW }));
      const spy = countStatements(db);
      try {
        const together = await Promise.all(page.map((key) => runStat(db, key, 100, query, { now: NOW })));
        expect(together).toEqual(alone);
        // The reasons and typing (summaries.ts, reasonsAndTypingSql) and the finalisation reasons; with causalesNegocio the business reasons apart.
        expect(spy.count()).toBe('causalesNegocio' in query ? 3 : 2);
      } finally {
        spy.restore();
      }
    }
  });

  it('shares them over HTTP too, with no fixed wait: the calls announce themselves as their requests are read', async () => {
    const db = s.platform.app.services.reportsDb;
    const alone = [];
    for (const key of ATTENTION_PAGE) alone.push((await s.json('admin@demo.co', endpoints[key].path, TWO_DAYS)) as unknown);
    const spy = countStatements(db);
    try {
      // The page's nine requests at once, beside refused ones (a bad filter: 400; no such organisation's data: 403).
      const [together, refused] = await Promise.all([
        Promise.all(ATTENTION_PAGE.map((key) => s.json('admin@demo.co', endpoints[key].path, TWO_DAYS))),
        Promise.all([
          s.get('admin@demo.co', endpoints.tmo.path, { start: TODAY_NOT_A_DAY, end: TWO_DAYS.end }),
          s.get('admin@demo.co', endpoints.tmo.path, TWO_DAYS, 200)
        ])
      ]);
      expect(together).toEqual(alone);
      expect(refused.map((res) => res.statusCode)).toEqual([400, 403]);
      expect(spy.count()).toBe(3);
    } finally {
      spy.restore();
    }
    // Every announced call has arrived or ended: nothing holds the next statement back.
    expect(callsOnTheirWay(db)).toBe(0);
  });

  it('gives the benchmark every statistic’s bare rows', async () => {
    for (const key of STAT_KEYS) {
      // One conversation's messages or turns: their path names a conversation, not the organisation.
      if (key === 'escalatedChatMessages' || key === 'conversationInteractions') continue;
      const rows = await bareStatQuery(s.platform.app.services.reportsDb, key, 100, TWO_DAYS);
      expect(Array.isArray(rows), key).toBe(true);
    }
    // The agents' states (served by routes/agent-state.ts): the six active agents of organisation 100 and its supervisor, linked to a split.
    expect(await bareStatQuery(s.platform.app.services.reportsDb, 'agentConnectionStates', 100, {})).toHaveLength(7);
    await expect(bareStatQuery(s.platform.app.services.reportsDb, 'agents', 100, {})).rejects.toThrow(/not a statistic/);
  });
});
