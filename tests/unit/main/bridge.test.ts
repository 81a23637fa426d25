import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeScript } from '../../../src/main/bridge-script';
import { ipcContract } from '../../../src/shared/ipc';

/** The shape both bridges must expose: api[domain][verb] per contract channel, plus `on`. */
function expectedShape(): Record<string, string[]> {
  const shape: Record<string, string[]> = {};
  for (const channel of Object.keys(ipcContract)) {
    const [domain, verb] = channel.split(':') as [string, string];
    (shape[domain] ??= []).push(verb);
  }
  return shape;
}

function shapeOf(api: Record<string, unknown>): Record<string, string[]> {
  const shape: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(api)) if (typeof value === 'object' && value) shape[key] = Object.keys(value);
  return shape;
}

describe('browser-host bridge script', () => {
  it('defines window.atiende with one method per contract channel, sending that channel over the socket', () => {
    const sent: string[] = [];
    class FakeSocket {
      static OPEN = 1;
      readyState = 1;
      onopen: (() => void) | null = null;
      constructor(public url: string) {}
      send(text: string) {
        sent.push(text);
      }
    }
    const store = new Map<string, string>();
    const window: Record<string, unknown> = {};
    runInNewContext(bridgeScript(), {
      window,
      WebSocket: FakeSocket,
      location: { protocol: 'http:', host: '127.0.0.1:4999' },
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
      crypto: globalThis.crypto,
      setTimeout
    });
    const api = window.atiende as Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> & { on: unknown };
    expect(shapeOf(api)).toEqual(expectedShape());
    expect(typeof api.on).toBe('function');
    expect(store.get('atiende.tab')).toMatch(/^[a-f0-9]{32}$/);
    void api.session!.login!({ email: 'a@demo.co', password: 'x' });
    expect(JSON.parse(sent[0]!)).toEqual({ id: 1, channel: 'session:login', arg: { email: 'a@demo.co', password: 'x' } });
    expect(() => (api.on as (e: string, l: () => void) => void)('fs:read', () => {})).toThrow();
  });
});

describe('browser-host bridge script: the notifier on the page', () => {
  function load(permission: string) {
    const sockets: { onmessage: ((event: { data: string }) => void) | null }[] = [];
    const shown: { title: string; options: unknown; onclick: (() => void) | null; closed: boolean }[] = [];
    class FakeSocket {
      static OPEN = 1;
      readyState = 1;
      onmessage: ((event: { data: string }) => void) | null = null;
      constructor() {
        sockets.push(this);
      }
      send() {}
    }
    class FakeNotification {
      static permission = permission;
      onclick: (() => void) | null = null;
      closed = false;
      constructor(
        public title: string,
        public options: unknown
      ) {
        shown.push(this);
      }
      close() {
        this.closed = true;
      }
    }
    const focus = vi.fn();
    const window: Record<string, unknown> = { focus };
    runInNewContext(bridgeScript(), {
      window,
      WebSocket: FakeSocket,
      Notification: FakeNotification,
      location: { protocol: 'http:', host: '127.0.0.1:4999' },
      sessionStorage: { getItem: () => null, setItem: () => {} },
      crypto: globalThis.crypto,
      setTimeout
    });
    const hostSays = (message: unknown) => sockets[0]!.onmessage!({ data: JSON.stringify(message) });
    const api = window.atiende as { on: (event: string, listener: (payload: unknown) => void) => () => void };
    return { window, api, shown, focus, hostSays };
  }

  it('shows a Web Notification where permitted, records it, and a click focuses the page and raises chat:focus', () => {
    const page = load('granted');
    const focused: unknown[] = [];
    page.api.on('chat:focus', (payload) => focused.push(payload));
    page.hostSays({ host: 'notify', payload: { title: 'Nuevo chat entrante', body: 'Ana · Ventas', conversationId: 'c-1' } });
    expect(page.shown).toHaveLength(1);
    expect(page.shown[0]).toMatchObject({ title: 'Nuevo chat entrante', options: { body: 'Ana · Ventas', tag: 'atiende-c-1', renotify: true } });
    const records = page.window.__atiendeNotifications as { title: string; conversationId: string; shown: boolean }[];
    expect(records).toMatchObject([{ title: 'Nuevo chat entrante', body: 'Ana · Ventas', conversationId: 'c-1', shown: true }]);
    page.shown[0]!.onclick!();
    expect(page.shown[0]!.closed).toBe(true);
    expect(page.focus).toHaveBeenCalledTimes(1);
    expect(focused).toEqual([{ conversationId: 'c-1' }]);
    page.hostSays({ host: 'badge', payload: 3 });
    expect(page.window.__atiendeBadge).toBe(3);
  });

  it('without permission it only records (the record still clicks), and ignores malformed host messages', () => {
    const page = load('default');
    const focused: unknown[] = [];
    page.api.on('chat:focus', (payload) => focused.push(payload));
    page.hostSays({ host: 'notify', payload: { title: 'Chat transferido', body: 'Pedro', conversationId: 'c-2' } });
    page.hostSays({ host: 'notify', payload: { title: 42 } });
    page.hostSays({ host: 'badge', payload: 'muchos' });
    expect(page.shown).toEqual([]);
    const records = page.window.__atiendeNotifications as { shown: boolean; click: () => void }[];
    expect(records).toHaveLength(1);
    expect(records[0]!.shown).toBe(false);
    records[0]!.click();
    expect(focused).toEqual([{ conversationId: 'c-2' }]);
    expect(page.window.__atiendeBadge).toBe(0);
  });
});

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async () => ({ ok: true, data: null }));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() }
}));

describe('preload', () => {
  beforeEach(() => invoke.mockClear());

  it('exposes the same shape as the bridge, each method invoking its own channel', async () => {
    await import('../../../src/preload/index');
    const api = exposed.atiende as Record<string, Record<string, (arg?: unknown) => Promise<unknown>>>;
    expect(shapeOf(api)).toEqual(expectedShape());
    await api.platform!.virtualAgents!({ idOrg: 100 });
    expect(invoke).toHaveBeenCalledWith('platform:virtualAgents', { idOrg: 100 });
    await api.session!.get!();
    expect(invoke).toHaveBeenLastCalledWith('session:get', undefined);
    expect(Object.keys(api)).not.toContain('invoke');
  });
});
