import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src/server/cluster/supervisor';
import { findHaproxy, machineProbes, NO_HAPROXY_MESSAGE } from '../../../scripts/provision.mjs';

/**
 * `npm run cluster` refuses to start without Redis (issue 36 L3): the processes' sign-in and widget
 * budgets, socket rooms and session revocations are shared only through it, so a cluster without it
 * would give each address one budget per process. Before anything is created on PostgreSQL.
 */

const haproxy = findHaproxy(machineProbes(process.env));
if (!haproxy) console.warn(`cluster script test skipped: ${NO_HAPROXY_MESSAGE}`);

describe.skipIf(!haproxy)('npm run cluster without Redis', () => {
  it('stops with exit code 1 and says Redis cannot be reached, naming no password', async () => {
    const closed = await freeLoopbackPort();
    const port = await freeLoopbackPort();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', '--instances', '1', '--port', String(port)], {
      env: { ...process.env, REDIS_URL: `redis://:secreto@127.0.0.1:${closed}`, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/atiende_no_debe_crearse' },
      encoding: 'utf8',
      timeout: 60_000
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`No fue posible conectarse a Redis (redis://:***@127.0.0.1:${closed})`);
    expect(run.stderr).not.toContain('secreto');
    // Redis is checked first: PostgreSQL (here unreachable) was never tried.
    expect(run.stderr).not.toMatch(/PostgreSQL|atiende_no_debe_crearse/);
  }, 90_000);
});
