import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generateActivity } from '../../../src/server/demo/activity';
import { runStat } from '../../../src/server/stats';
import { STAT_QUERIES } from '../../../src/server/stats/registry';
import { STAT_KEYS } from '../../../src/server/stats/types';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';

/**
 * A per-bucket statistic read a slice of its range at a time (the way every series is read, its
 * labels once over the whole range) answers exactly what one reading of the whole range answers — every such statistic of the
 * registry, every resolution, ranges that start mid-week and mid-month, on the totals and on the rows.
 */
const NOW = new Date('2026-03-18T15:04:05.000Z');
const ORG = 100;
const PER_BUCKET = STAT_KEYS.filter((key) => STAT_QUERIES[key].perBucket === true);

const RANGES = [
  { resolution: 'hour', start: '2026-02-16', end: '2026-03-18' },
  { resolution: 'hour', start: '2026-03-18', end: '2026-03-18' },
  { resolution: 'day', start: '2026-02-04', end: '2026-03-18' },
  { resolution: 'week', start: '2026-02-04', end: '2026-03-18' },
  { resolution: 'month', start: '2026-01-20', end: '2026-03-18' }
] as const;
const FILTERS: [string, Record<string, unknown>][] = [
  ['the range alone', {}],
  ['a channel', { channels: [1] }],
  ['a window not of whole hours', { since: '08:15', until: '17:40' }]
];

describe.each(BACKENDS)('per-bucket statistics read in slices on %s', (backend) => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    app = platform.app;
    await generateActivity(app.db, { org: ORG, now: NOW, count: 1500, days: 60 });
  }, 120_000);
  afterAll(() => platform.close());

  it('the registry marks the line series as per bucket', () => {
    expect(PER_BUCKET).toEqual(expect.arrayContaining(['conversationsLine', 'attendedChatsLine', 'ratingsLine', 'consumerClientsStatistics', 'intentsUnified']));
  });

  it.each(PER_BUCKET)('%s: the slices answer what the whole range answers', async (key) => {
    for (const range of RANGES) {
      for (const [name, filter] of FILTERS) {
        const query = { ...range, ...filter };
        const whole = await runStat(app.db, key, ORG, query, { now: NOW, sliced: false });
        const sliced = await runStat(app.db, key, ORG, query, { now: NOW });
        expect(sliced, `${range.resolution} ${range.start}..${range.end}, ${name}`).toEqual(whole);
      }
    }
    // Something was counted: a comparison of empty answers proves nothing.
    const some = JSON.stringify(await runStat(app.db, key, ORG, { ...RANGES[2] }, { now: NOW }));
    expect(some).toMatch(/[1-9]/);
  });
});
