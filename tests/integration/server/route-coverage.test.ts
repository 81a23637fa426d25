import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../../src/shared/api/catalogue';
import { toRoutePattern } from '../../../src/shared/api/endpoint';
import { ANALYTICS_CALLS } from '../../../src/shared/analytics-calls';
import { SETTINGS_CALLS } from '../../../src/shared/settings-calls';
import { createTestApp, type TestPlatform } from '../../support/app';
import { sampleParams, urlOf } from './hostile-input-cases';

/**
 * Every catalogue entry a page may call through the main process (its `ipc` flag: the settings and
 * analytics allow-lists) has a route on the platform: an entry flagged but never implemented would
 * answer the router's 404 to a page that was allowed to call it.
 */
describe('the routes of the entries the renderer may call', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp('pglite');
  });
  afterAll(() => platform.close());

  const callable: EndpointName[] = [...new Set<EndpointName>([...SETTINGS_CALLS, ...ANALYTICS_CALLS])];

  it('registers a route for each of them', () => {
    const missing = callable.filter((name) => {
      const def = endpoints[name];
      return !platform.app.hasRoute({ method: def.method, url: toRoutePattern(def.path) });
    });
    expect(missing).toEqual([]);
    expect(callable.length).toBeGreaterThan(90);
  });

  it('answers each of them from its route (401 without a token), never the unknown-route 404', async () => {
    const unanswered: string[] = [];
    for (const name of callable) {
      const def = endpoints[name];
      const res = await platform.app.inject({ method: def.method, url: urlOf(def, sampleParams(def)) });
      if (res.statusCode !== 401) unanswered.push(`${name} (${def.method} ${def.path}): ${res.statusCode}`);
    }
    expect(unanswered).toEqual([]);
  });
});
