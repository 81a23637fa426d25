import { describe, expect, it, vi } from 'vitest';
import { createDeskErrors, createDeskReporter, nodeDeskSystem } from '../../../src/main/services/desk-report.service';
import { createMemorySettings, silentLogger } from '../../../src/main/services/ports';
import type { ApiClient } from '../../../src/main/services/api-client';
import type { SessionChange } from '../../../src/main/services/session-store';
import { DESK_REPORT_INTERVAL_MS, DeskReportBody } from '../../../src/shared/domain/desks';
import { fakeClock, settle } from './fakes';

function setup(answers: { ok: boolean }[] = []) {
  const clock = fakeClock();
  const settings = createMemorySettings();
  const bodies: DeskReportBody[] = [];
  const call = vi.fn((_def: unknown, options: { body: DeskReportBody }) => {
    bodies.push(DeskReportBody.parse(options.body));
    const answer = answers.shift() ?? { ok: true };
    return Promise.resolve(answer.ok ? { ok: true, data: { received: true } } : { ok: false, error: { status: 429, message: 'Este puesto envió su reporte hace menos de 30 segundos' } });
  });
  let listener: ((change: SessionChange) => void) | null = null;
  let signedIn = false;
  const store = {
    current: () => (signedIn ? { access: 'a', refresh: 'r' } : null),
    onChange: (l: (change: SessionChange) => void) => {
      listener = l;
      return () => undefined;
    }
  };
  const errors = createDeskErrors(clock, silentLogger);
  const reporter = createDeskReporter({
    api: { call } as unknown as ApiClient,
    store: store as never,
    settings,
    clock,
    logger: silentLogger,
    errors,
    system: { ...nodeDeskSystem('1.4.0'), uptimeSeconds: () => 3600.7, platformRestarts: () => 2 },
    updates: () => ({ view: () => ({ phase: 'ready', version: '1.5.0', canInstallNow: false }) })
  });
  const signIn = () => {
    signedIn = true;
    listener?.({ kind: 'start', tokens: { access: 'a', refresh: 'r' } } as SessionChange);
  };
  return { reporter, errors, bodies, clock, settings, signIn };
}

describe('the desk’s health reports (issue 41)', () => {
  it('reports at sign-in and every few minutes, under one desk id it keeps, with its version, uptime, update state and restarts', async () => {
    const { bodies, clock, settings, signIn } = setup();
    await clock.advance(DESK_REPORT_INTERVAL_MS);
    expect(bodies).toEqual([]);
    signIn();
    await settle();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ appVersion: '1.4.0', uptimeSeconds: 3600, update: { phase: 'ready', version: '1.5.0' }, platformRestarts: 2 });
    expect(bodies[0]?.deskId).toBe(settings.get('deskId'));
    await clock.advance(DESK_REPORT_INTERVAL_MS);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.deskId).toBe(bodies[0]?.deskId);
  });

  it('carries the main process’s and the renderer’s errors until a report carrying them is received, losing none', async () => {
    const { reporter, errors, bodies, signIn } = setup([{ ok: false }]);
    errors.logger.error('Chat link', new Error('socket closed'));
    errors.rendererError('TypeError: x is undefined');
    signIn();
    await settle();
    // Refused (429): kept for the next.
    expect(bodies[0]?.mainErrors.map((e) => e.message)).toEqual(['Chat link: socket closed']);
    errors.rendererError('RangeError: Invalid time value');
    await reporter.report();
    expect(bodies[1]?.rendererErrors.map((e) => e.message)).toEqual(['TypeError: x is undefined', 'RangeError: Invalid time value']);
    expect(bodies[1]?.mainErrors).toHaveLength(1);
    await reporter.report();
    expect(bodies[2]).toMatchObject({ rendererErrors: [], mainErrors: [] });
  });

  it('keeps at most twenty errors of each kind, the newest, without NUL', async () => {
    const { reporter, errors, bodies, signIn } = setup();
    for (let i = 0; i < 25; i++) errors.rendererError(`error ${i}\u0000`);
    signIn();
    await reporter.report();
    expect(bodies[0]?.rendererErrors.map((e) => e.message)).toEqual(Array.from({ length: 20 }, (_, i) => `error ${i + 5}`));
  });
});
