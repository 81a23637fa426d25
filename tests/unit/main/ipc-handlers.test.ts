import { mkdtempSync, rmSync } from 'node:fs';
import { DEFAULT_DASHBOARD_DESIGN } from '../../../src/shared/domain/dashboard-design';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createIpcHandlers, type IpcServices } from '../../../src/main/ipc/register';
import { SCHEDULE_TEXT } from '../../../src/main/services/report-schedules';
import { silentLogger } from '../../../src/main/services/ports';
import { ipcContract } from '../../../src/shared/ipc';
import { MSG } from '../../../src/shared/messages';
import { harness, json, signedIn } from './fakes';

function spies(): IpcServices {
  const none = vi.fn(async () => ({ ok: true as const, data: null }));
  return {
    session: {
      login: vi.fn(),
      loginLdap: vi.fn(),
      ldapSignInOffer: vi.fn(),
      administerEntity: vi.fn(),
      attendChats: vi.fn(),
      leaveChats: vi.fn(),
      leaveEntity: vi.fn(),
      logout: none,
      get: none,
      activity: none,
      checkPasswordExpiry: vi.fn(),
      changePassword: vi.fn(),
      dispose: vi.fn()
    },
    platform: { channels: vi.fn(), organizations: vi.fn(), virtualAgents: vi.fn(), endMessages: vi.fn() },
    errors: { report: none },
    design: { current: vi.fn(async () => ({ ok: true as const, data: { design: DEFAULT_DASHBOARD_DESIGN, logo: null, font: null, logoError: null } })), font: vi.fn() },
    widgetHost: { platformOrigin: vi.fn(), copy: none },
    chat: {
      state: vi.fn(),
      messages: vi.fn(),
      view: none,
      setStatus: vi.fn(),
      accept: vi.fn(),
      send: vi.fn(),
      upload: vi.fn(),
      saveFile: vi.fn(),
      transferSplits: vi.fn(),
      transfer: vi.fn(),
      reasons: vi.fn(),
      finish: vi.fn(),
      templates: vi.fn(),
      contacts: vi.fn(),
      pauseEvents: vi.fn(),
      typing: vi.fn(),
      notes: vi.fn(),
      addNote: vi.fn(),
      previous: vi.fn(),
      previousMessages: vi.fn()
    },
    analytics: { query: vi.fn(), savePng: vi.fn() },
    monitor: { follow: vi.fn() },
    settings: { call: vi.fn(), importWatson: vi.fn() },
    downloads: { download: vi.fn(), cancel: vi.fn(), showInFolder: vi.fn(), preferences: vi.fn(), dispose: vi.fn() },
    schedules: { list: vi.fn(), save: vi.fn(), remove: vi.fn(), runNow: vi.fn(), chooseFolder: vi.fn(), check: vi.fn(), dispose: vi.fn() },
    updates: { view: vi.fn(() => ({ phase: 'idle' as const, version: null, canInstallNow: false })), install: vi.fn(() => ({ ok: true as const, data: null })) }
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

  it("every 'chat:*' channel refuses arguments outside its contract with a Spanish 400, before its service runs", async () => {
    const services = spies();
    const handlers = createIpcHandlers(services, silentLogger);
    const cases: [keyof typeof handlers, unknown, string][] = [
      ['chat:send', { conversationId: 'c-1', text: '   ' }, 'Escriba un mensaje o adjunte un archivo'],
      ['chat:send', { conversationId: 'c-1', text: 'x'.repeat(4001) }, 'El mensaje no puede superar 4000 caracteres'],
      ['chat:send', { conversationId: '../c', text: 'hola' }, 'El identificador de la conversación no es válido'],
      ['chat:send', { conversationId: 'c-1', text: '', attachment: { contentType: 'image/png', name: 'a.png', url: 'https://evil.test/a.png' } }, 'El adjunto no es válido'],
      ['chat:setStatus', { status: 'PAUSA' }, 'Seleccione el evento de pausa'],
      ['chat:finish', { conversationId: 'c-1', business: [], ending: 2 }, 'Seleccione al menos una causal de negocio'],
      ['chat:finish', { conversationId: 'c-1', business: [1] }, 'Seleccione la causal de finalización'],
      ['chat:transfer', { conversationId: 'c-1', idSplit: 0 }, 'Debe ser un número positivo'],
      ['chat:saveFile', { url: '/etc/passwd', name: 'passwd' }, 'El adjunto no es válido'],
      ['chat:upload', { conversationId: 'c-1', data: 'no es base64!', format_type: 'base64', content_type: 'image/png' }, 'El archivo debe venir en base64'],
      ['chat:view', { conversationId: null }, 'Entrada inválida: se esperaba booleano, recibido indefinido']
    ];
    for (const [channel, arg, message] of cases) {
      expect(await handlers[channel](arg), channel).toEqual({ ok: false, error: { status: 400, message } });
    }
    expect((await handlers['chat:state']({ extra: 1 })).ok).toBe(false);
    for (const fn of Object.values(services.chat)) expect(fn).not.toHaveBeenCalled();
  });

  it("the analytics and settings channels refuse a call outside their lists with a Spanish 400, before the service runs", async () => {
    const services = spies();
    const handlers = createIpcHandlers(services, silentLogger);
    const cases: [keyof typeof handlers, unknown, string][] = [
      ['analytics:query', { call: 'login' }, 'La consulta de analítica solicitada no existe'],
      ['settings:call', { call: 'tmo' }, 'La operación de configuración solicitada no existe']
    ];
    for (const [channel, arg, message] of cases) {
      expect(await handlers[channel](arg), channel).toEqual({ ok: false, error: { status: 400, message } });
    }
    expect((await handlers['analytics:query']({ call: 'tmo', idOrg: 0 })).ok).toBe(false);
    expect((await handlers['settings:call']({ call: 'splits', extra: true })).ok).toBe(false);
    expect((await handlers['analytics:savePng']({ suggestedName: 'grafica', dataUrl: 'data:text/html,<script>' })).ok).toBe(false);
    for (const bad of [{}, { idOrg: 0 }, { idOrg: 'otra' }, { idOrg: 1.5 }, { idOrg: 2147483648 }, { idOrg: 1, extra: true }, undefined]) {
      expect((await handlers['analytics:follow'](bad)).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(services.monitor.follow).not.toHaveBeenCalled();
    await handlers['analytics:follow']({ idOrg: null });
    expect(services.monitor.follow).toHaveBeenCalledWith(null);
    expect(services.analytics.query).not.toHaveBeenCalled();
    expect(services.analytics.savePng).not.toHaveBeenCalled();
    expect(services.settings.call).not.toHaveBeenCalled();
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

  it("'reports:saveSchedule' names only a folder the main process's dialog gave: any other is refused in Spanish and nothing is saved", async () => {
    const picked = mkdtempSync(join(tmpdir(), 'atiende-elegida-'));
    const other = mkdtempSync(join(tmpdir(), 'atiende-otra-'));
    try {
      const h = await harness(() => json(404, {}), {
        tokens: signedIn(),
        fileSaver: { choosePath: async () => null, chooseFolder: async () => picked, showInFolder: () => undefined }
      });
      const handlers = createIpcHandlers(h.services, silentLogger);
      const schedule = { report: 'conversations', frequency: 'daily', hour: 6, folder: other };
      expect(await handlers['reports:saveSchedule']({ schedule })).toEqual({ ok: false, error: { status: 400, message: SCHEDULE_TEXT.folderNotChosen } });
      expect(h.settings.get('reportSchedules')).toBeNull();

      expect(await handlers['reports:chooseFolder'](undefined)).toEqual({ ok: true, data: { path: picked } });
      expect(await handlers['reports:saveSchedule']({ schedule })).toEqual({ ok: false, error: { status: 400, message: SCHEDULE_TEXT.folderNotChosen } });
      const saved = await handlers['reports:saveSchedule']({ schedule: { ...schedule, folder: picked } });
      expect(saved.ok && saved.data).toMatchObject({ folder: picked, format: 'csv' });
      expect(h.settings.get('reportSchedules')).toHaveLength(1);
      h.services.dispose();
    } finally {
      rmSync(picked, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});
