import { describe, expect, it } from 'vitest';
import { baseConfig, ConfigError, USAGE } from '../../../src/server/config';
import { DEFAULT_REPORTS_POOL_SIZE, MAIN_POOL_SIZE } from '../../../src/server/db/client';

describe('REPORTS_POOL_SIZE (the statistics and exports pool on PostgreSQL)', () => {
  it('defaults to a few connections, fewer than the chat has', () => {
    expect(baseConfig({}).reportsPoolSize).toBe(DEFAULT_REPORTS_POOL_SIZE);
    expect(DEFAULT_REPORTS_POOL_SIZE).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_REPORTS_POOL_SIZE).toBeLessThan(MAIN_POOL_SIZE);
    expect(USAGE).toContain(`REPORTS_POOL_SIZE (${DEFAULT_REPORTS_POOL_SIZE})`);
  });

  it('takes a positive integer and refuses anything else in Spanish', () => {
    expect(baseConfig({ REPORTS_POOL_SIZE: '5' }).reportsPoolSize).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'dos']) {
      expect(() => baseConfig({ REPORTS_POOL_SIZE: bad })).toThrow(ConfigError);
      expect(() => baseConfig({ REPORTS_POOL_SIZE: bad })).toThrow('REPORTS_POOL_SIZE debe ser un entero positivo');
    }
  });
});
