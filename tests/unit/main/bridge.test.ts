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
