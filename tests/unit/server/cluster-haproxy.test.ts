import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig, parseShowStat, STICKY_COOKIE } from '../../../src/server/cluster/haproxy';
import { parseClusterArgs, UsageError } from '../../../scripts/cluster';
import { findHaproxy, machineProbes } from '../../../scripts/provision.mjs';

const instances = [
  { name: 'p1', host: '127.0.0.1', port: 41001 },
  { name: 'p2', host: '127.0.0.1', port: 41002 }
];
const config = haproxyConfig({ bindHost: '127.0.0.1', bindPort: 3100, instances, statsSocket: '/tmp/x/haproxy.sock' });

/** The lines of one section (`backend platform`, …) of the generated configuration. */
function section(header: string): string[] {
  const lines = config.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) throw new Error(`no section ${header}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line !== '' && !line.startsWith(' '));
  return (end < 0 ? rest : rest.slice(0, end)).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

describe('the HAProxy configuration of npm run cluster', () => {
  it('checks each process on the readiness route and passes WebSockets with a long tunnel timeout', () => {
    const platform = section('backend platform');
    expect(platform).toContain('option httpchk GET /health/ready');
    expect(platform).toContain('http-check expect status 200');
    expect(platform).toContain('server p1 127.0.0.1:41001 check');
    expect(platform).toContain('server p2 127.0.0.1:41002 check');
    expect(section('defaults')).toContain('timeout tunnel 1h');
    expect(section('frontend atiende')).toContain('bind 127.0.0.1:3100');
  });

  it('sets the sticky cookie only in the long-polling backend, which follows the same checks', () => {
    expect(section('backend platform').some((line) => line.startsWith('cookie'))).toBe(false);
    const polling = section('backend platform_polling');
    expect(polling).toContain(`cookie ${STICKY_COOKIE} insert indirect nocache httponly`);
    expect(polling).toContain('server p1 127.0.0.1:41001 track platform/p1 cookie p1');
    const frontend = section('frontend atiende');
    expect(frontend).toContain('use_backend platform_polling if socketio polling or socketio polling_upgrade');
    expect(frontend).toContain('default_backend platform');
  });

  const haproxy = findHaproxy(machineProbes(process.env));
  const dir = mkdtempSync(join(tmpdir(), 'atiende-haproxy-cfg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.skipIf(!haproxy)('is a configuration HAProxy accepts (haproxy -c)', () => {
    const path = join(dir, 'haproxy.cfg');
    writeFileSync(path, haproxyConfig({ bindHost: '127.0.0.1', bindPort: 3100, instances, statsSocket: join(dir, 'haproxy.sock') }));
    const check = spawnSync(haproxy?.path ?? 'haproxy', ['-c', '-f', path], { encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/ALERT|WARNING/);
    expect(check.status).toBe(0);
  });

  it('reads the servers of show stat', () => {
    const csv = [
      '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status',
      'atiende,FRONTEND,,,3,5,5000,40,0,0,0,0,0,,,,,OPEN',
      'platform,p1,0,0,2,4,,21,0,0,,0,,0,0,0,0,UP',
      'platform,p2,0,0,0,3,,9,0,0,,0,,0,0,0,0,DOWN',
      'platform,BACKEND,0,0,2,5,500,30,0,0,0,0,,0,0,0,0,UP',
      ''
    ].join('\n');
    expect(parseShowStat(csv)).toEqual([
      { backend: 'platform', name: 'p1', status: 'UP', sessionsTotal: 21, sessionsNow: 2 },
      { backend: 'platform', name: 'p2', status: 'DOWN', sessionsTotal: 9, sessionsNow: 0 }
    ]);
  });
});

describe('npm run cluster arguments', () => {
  it('takes --instances, and --port and --host with their defaults', () => {
    expect(parseClusterArgs(['--instances', '3'])).toEqual({ instances: 3, port: 3100, host: '127.0.0.1' });
    expect(parseClusterArgs(['--instances', '2', '--port', '3200', '--host', '0.0.0.0'])).toEqual({ instances: 2, port: 3200, host: '0.0.0.0' });
  });

  it('refuses what it cannot run, in Spanish', () => {
    expect(() => parseClusterArgs([])).toThrow(new UsageError('Falta --instances N'));
    expect(() => parseClusterArgs(['--instances', '0'])).toThrow('--instances debe ser un entero entre 1 y 32: 0');
    expect(() => parseClusterArgs(['--instances', '3', '--port', '70000'])).toThrow('Puerto inválido: 70000');
    expect(() => parseClusterArgs(['--instances'])).toThrow('Falta el valor de --instances');
    expect(() => parseClusterArgs(['--instances', '3', '--memory'])).toThrow('Opción desconocida: --memory');
  });
});
