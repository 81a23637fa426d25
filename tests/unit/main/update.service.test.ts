import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/main/services/event-bus';
import { silentLogger } from '../../../src/main/services/ports';
import { createUpdateService, UPDATE_CHECK_INTERVAL_MS, type Updater } from '../../../src/main/services/update.service';
import type { DeskState } from '../../../src/main/services/update-policy';
import { UPDATE_TEXT, type UpdateView } from '../../../src/shared/updates';
import type { ConsoleState } from '../../../src/shared/chat-console';
import { fakeClock, settle, URLS } from './fakes';

/** electron-updater behind the port, faked: what the service asked of it, and the events it can raise. */
function fakeUpdater(enabled = true) {
  const listeners = { downloading: [] as ((v: string) => void)[], downloaded: [] as ((v: string) => void)[] };
  const calls = { checks: [] as string[], installNow: 0, installOnQuit: null as boolean | null };
  const updater: Updater = {
    enabled,
    check: (url) => {
      calls.checks.push(url);
      return Promise.resolve();
    },
    onDownloading: (l) => void listeners.downloading.push(l),
    onDownloaded: (l) => void listeners.downloaded.push(l),
    setInstallOnQuit: (install) => void (calls.installOnQuit = install),
    installNow: () => void calls.installNow++
  };
  return { updater, calls, downloading: (v: string) => listeners.downloading.forEach((l) => l(v)), downloaded: (v: string) => listeners.downloaded.forEach((l) => l(v)) };
}

function setup(desk: DeskState, enabled = true) {
  const clock = fakeClock();
  const bus = createEventBus();
  const pushed: UpdateView[] = [];
  bus.on('update:changed', (view) => pushed.push(view));
  const fake = fakeUpdater(enabled);
  const state = { ...desk };
  const service = createUpdateService({ updater: fake.updater, desk: () => state, bus, clock, logger: silentLogger, serviceUrls: () => URLS });
  /** The console changed (a chat came or ended, the agent changed status): the chat link says so on the bus. */
  const consoleChanged = (next: Partial<DeskState>) => {
    Object.assign(state, next);
    bus.emit('chat:changed', {} as ConsoleState);
  };
  return { service, fake, clock, pushed, consoleChanged };
}

describe('the desktop app’s update policy (issue 41), with the updater faked', () => {
  it('checks the platform’s own feed at start and every four hours, and lets quitting install', async () => {
    const { fake, clock } = setup({ heldChats: 0, agentStatus: null });
    await settle();
    expect(fake.calls.checks).toEqual(['http://platform.test/updates/']);
    expect(fake.calls.installOnQuit).toBe(true);
    await clock.advance(UPDATE_CHECK_INTERVAL_MS);
    expect(fake.calls.checks).toHaveLength(2);
  });

  it('with a chat held: the chip says it installs at the end of the shift, offers no install, and refuses one', async () => {
    const { service, fake, pushed } = setup({ heldChats: 1, agentStatus: 'CONECTADO' });
    fake.downloading('1.5.0');
    expect(service.view()).toEqual({ phase: 'downloading', version: '1.5.0', canInstallNow: false });
    fake.downloaded('1.5.0');
    expect(service.view()).toEqual({ phase: 'ready', version: '1.5.0', canInstallNow: false });
    expect(pushed.at(-1)).toEqual(service.view());
    expect(service.install()).toEqual({ ok: false, error: { status: 409, message: UPDATE_TEXT.notNow } });
    expect(fake.calls.installNow).toBe(0);
  });

  it('connected with no chat: still receiving chats, so no install is offered', () => {
    const { service, fake, consoleChanged } = setup({ heldChats: 1, agentStatus: 'CONECTADO' });
    fake.downloaded('1.5.0');
    consoleChanged({ heldChats: 0 });
    expect(service.view().canInstallNow).toBe(false);
    expect(service.install().ok).toBe(false);
  });

  it('paused with no chat: offers and honours "Instalar ahora"', () => {
    const { service, fake, pushed, consoleChanged } = setup({ heldChats: 1, agentStatus: 'CONECTADO' });
    fake.downloaded('1.5.0');
    consoleChanged({ heldChats: 0, agentStatus: 'PAUSA' });
    expect(pushed.at(-1)).toEqual({ phase: 'ready', version: '1.5.0', canInstallNow: true });
    expect(service.install()).toEqual({ ok: true, data: null });
    expect(fake.calls.installNow).toBe(1);
  });

  it('signed out, or a role without the console: offers it at once', () => {
    for (const desk of [{ heldChats: 0, agentStatus: null }, { heldChats: 0, agentStatus: 'DESCONECTADO' as const }]) {
      const { service, fake } = setup(desk);
      fake.downloaded('1.5.0');
      expect(service.view().canInstallNow).toBe(true);
      expect(service.install().ok).toBe(true);
    }
  });

  it('a chat that arrives between the offer and the click withdraws the offer and refuses the install', () => {
    const { service, fake, pushed, consoleChanged } = setup({ heldChats: 0, agentStatus: 'PAUSA' });
    fake.downloaded('1.5.0');
    expect(service.view().canInstallNow).toBe(true);
    // The agent goes Conectado and a chat is assigned before the click lands.
    consoleChanged({ heldChats: 1, agentStatus: 'CONECTADO' });
    expect(pushed.at(-1)?.canInstallNow).toBe(false);
    expect(service.install().ok).toBe(false);
    expect(fake.calls.installNow).toBe(0);
  });

  it('nothing is ever installed before a download is ready', () => {
    const { service, fake } = setup({ heldChats: 0, agentStatus: null });
    expect(service.install().ok).toBe(false);
    expect(fake.calls.installNow).toBe(0);
  });

  it('a host that does not update itself (an MSI per machine, the browser host) never checks nor installs on quit', async () => {
    const { fake, clock } = setup({ heldChats: 0, agentStatus: null }, false);
    await clock.advance(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(fake.calls.checks).toEqual([]);
    expect(fake.calls.installOnQuit).toBeNull();
  });
});
