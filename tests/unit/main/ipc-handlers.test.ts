import { describe, expect, it, vi } from 'vitest';
import { createIpcHandlers, type IpcServices } from '../../../src/main/ipc/register';
import { silentLogger } from '../../../src/main/services/ports';
import { ipcContract } from '../../../src/shared/ipc';
import { MSG } from '../../../src/shared/messages';
import { harness, json, signedIn } from './fakes';

function spies(): IpcServices {
  const none = vi.fn(async () => ({ ok: true as const, data: null }));
  return {
    session: {
      login: vi.fn(),
      logout: none,
      get: none,
      activity: none,
      checkPasswordExpiry: vi.fn(),
      changePassword: vi.fn(),
      dispose: vi.fn()
    },
    platform: { channels: vi.fn(), organizations: vi.fn(), virtualAgents: vi.fn(), endMessages: vi.fn() },
    errors: { report: none }
  };
}

describe('IPC handlers', () => {
  it('has exactly one handler per contract channel', () => {
    expect(Object.keys(createIpcHandlers(spies(), silentLogger)).sort()).toEqual(Object.keys(ipcContract).sort());
  });

  it('an invalid argument answers 400 with Spanish text and the service is not called', async () => {
    const services = spies();
    const handlers = createIpcHandlers(services, silentLogger);
    const bad = await handlers['session:login']({ email: 'no-es-correo', password: 'x' });
    expect(bad).toEqual({ ok: false, error: { status: 400, message: 'Ingrese un correo electrónico válido' } });
    const extra = await handlers['session:logout']({ anything: true });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.error.status).toBe(400);
    const negative = await handlers['platform:virtualAgents']({ idOrg: -4 });
    expect(negative.ok).toBe(false);
    expect(services.session.login).not.toHaveBeenCalled();
    expect(services.session.logout).not.toHaveBeenCalled();
    expect(services.platform.virtualAgents).not.toHaveBeenCalled();
  });

  it('a service that throws becomes a server-error result, never a throw', async () => {
    const services = spies();
    services.platform.channels = vi.fn(async () => {
      throw new Error('boom');
    });
    const handlers = createIpcHandlers(services, silentLogger);
    await expect(handlers['platform:channels'](undefined)).resolves.toEqual({ ok: false, error: { status: 500, message: MSG.generic.serverError } });
  });

  it('runs the real services end to end over a fake platform', async () => {
    const h = await harness(
      (req) => (req.path.includes('LogErrorSocket') ? json(200, { success: true }) : json(200, { channel1: 'Facebook', channel2: 'Whatsapp' })),
      { tokens: signedIn() }
    );
    const handlers = createIpcHandlers(h.services, silentLogger);
    expect(await handlers['platform:channels'](undefined)).toEqual({ ok: true, data: { channel1: 'Facebook', channel2: 'Whatsapp' } });
    expect(await handlers['errors:report']({ name: 'TypeError', detail: 'x is undefined', path: '/analitica' })).toEqual({ ok: true, data: null });
    expect(h.calls[1]).toMatchObject({
      path: '/ha/api/LogErrorSocket/100',
      body: { name: 'errorBoundary', detail: 'TypeError: x is undefined', path: '/analitica', idadviser: 0, application: 'Dashboard' }
    });
  });
});
