import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_PAGES, type AnalyticsPageId } from '../../src/shared/analytics-pages';
import { HOME_NOW_CALLS, HOME_TILE_CALLS, homeCalls, PAGE_CALLS } from '../bench/statistics-pages';

const root = resolve(__dirname, '../..');
const registry = readFileSync(join(root, 'src/renderer/app/pages.tsx'), 'utf8');

/** The module a page id is lazily imported from in the page registry. */
function pageSource(id: AnalyticsPageId): string {
  const match = new RegExp(`\\b${id}: lazyPage\\(\\(\\) => import\\('([^']+)'\\)`).exec(registry);
  if (!match?.[1]) throw new Error(`${id} is not in the page registry`);
  return readFileSync(join(root, 'src/renderer/app', `${match[1]}.tsx`), 'utf8');
}

describe('the statistics bench pages', () => {
  it.each(Object.keys(ANALYTICS_PAGES) as AnalyticsPageId[])('%s: the bench times exactly the calls the page fires', (id) => {
    const fired = [...pageSource(id).matchAll(/useAnalyticsQuery\('([A-Za-z]+)'/g)].map((m) => m[1]);
    expect(fired.length).toBeGreaterThan(0);
    expect(PAGE_CALLS[id].map((c) => c.key).sort()).toEqual([...new Set(fired)].sort());
  });

  it('home: the bench times exactly the calls the home page fires, each tile twice (today and last week)', () => {
    const source = readFileSync(join(root, 'src/renderer/features/home/HomePage.tsx'), 'utf8');
    const fired = [...source.matchAll(/useAnalyticsQuery\('([A-Za-z]+)'/g)].map((m) => m[1] ?? '');
    const calls = homeCalls(new Date('2026-03-10T15:00:00Z'));
    expect(calls.map((c) => c.key).sort()).toEqual([...fired].sort());
    expect([...HOME_TILE_CALLS, ...HOME_NOW_CALLS].sort()).toEqual([...new Set(fired)].sort());
    expect(calls.filter((c) => c.key === 'tmo').map((c) => c.query)).toEqual([
      { start: '2026-03-10', end: '2026-03-10', until: '10:00' },
      { start: '2026-03-03', end: '2026-03-03', until: '10:00' }
    ]);
  });
});
