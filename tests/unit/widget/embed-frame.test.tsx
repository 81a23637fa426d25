// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { EMBED_TAG } from '../../../src/shared/widget-embed';
import type { HostMessage } from '../../../src/shared/widget-embed-messages';
import { WidgetApp } from '../../../src/widget/App';
import { WidgetChat } from '../../../src/widget/chat';
import { FrameBridge } from '../../../src/widget/embed';
import { resolvePrefill } from '../../../src/widget/prefill';
import { sessionKey } from '../../../src/widget/session';
import { BOOT, CONFIG, CONV, fakeIo, msg, st } from './fake-socket';

const HOST = 'http://tienda.test';
const bridges: FrameBridge[] = [];
const KEY = sessionKey(100, 1, HOST);

/** jsdom's window is its own parent: what the frame posts to its parent lands on this spy. */
function frame(open = false) {
  const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
  const bridge = new FrameBridge(window, HOST, false, () => 0);
  bridges.push(bridge);
  const { sockets, io } = fakeIo();
  const chat = new WidgetChat({ ...BOOT, embed: true }, io, window.localStorage, undefined, HOST);
  chat.subscribe(() => bridge.observe(chat.getSnapshot()));
  const view = render(<WidgetApp boot={{ ...BOOT, embed: true }} chat={chat} embed={bridge} />);
  const fromHost = (data: HostMessage | unknown, origin = HOST) => act(() => window.dispatchEvent(new MessageEvent('message', { data, origin, source: window })));
  const sent = () => posted.mock.calls.map(([message, origin]) => ({ message, origin }));
  const $ = <T extends HTMLElement>(selector: string) => view.container.querySelector<T>(selector)!;
  // The loader's hello: a launcher is there to come back to.
  fromHost({ tag: EMBED_TAG, type: 'hello', open, session: null });
  return { bridge, chat, sockets, view, fromHost, sent, $ };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  for (const bridge of bridges.splice(0)) bridge.dispose();
  vi.restoreAllMocks();
});

describe('the embedded widget', () => {
  it('says ready to its parent with nothing in it, and learns the host origin from the hello', async () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    // jsdom's window is its own parent: connect() treats that as "not framed".
    expect(await FrameBridge.connect(window, () => 0)).toBeNull();
    expect(posted).not.toHaveBeenCalled();
  });

  it("has 'Minimizar chat' and Escape once the loader said hello, both asking it (at the host origin only) to hide the panel", () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const bare = new FrameBridge(window, HOST, false, () => 0);
    bridges.push(bare);
    const { io } = fakeIo();
    const alone = render(<WidgetApp boot={{ ...BOOT, embed: true }} chat={new WidgetChat(BOOT, io, null)} embed={bare} />);
    // A bare iframe (no loader): nothing to minimise to.
    expect(alone.container.querySelector('#widget-minimize')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(posted).not.toHaveBeenCalled();
    bare.dispose();
    cleanup();
    vi.restoreAllMocks();
    const page = frame(true);
    const minimize = page.$<HTMLButtonElement>('#widget-minimize');
    expect(minimize.getAttribute('aria-label')).toBe('Minimizar chat');
    fireEvent.click(minimize);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(page.sent()).toEqual([
      { message: { tag: EMBED_TAG, type: 'close' }, origin: HOST },
      { message: { tag: EMBED_TAG, type: 'close' }, origin: HOST }
    ]);
  });

  it('fills the entry form from the host prefill, checks it as typed, and drops a consent or unknown keys', () => {
    const page = frame(true);
    page.fromHost({ tag: EMBED_TAG, type: 'prefill', fields: { nombre: 'Ana Pérez', email: 'no-es-correo', Otro: 'x' } });
    expect(page.$<HTMLInputElement>('#field-11').value).toBe('Ana Pérez');
    expect(page.$<HTMLInputElement>('#field-12').value).toBe('no-es-correo');
    expect(page.$('#field-12-error').textContent).toBe('Escribe un correo electrónico válido');
    expect(page.$('#field-11-error').textContent).toBe('');
    // Nothing starts until the customer submits.
    expect(page.sockets).toHaveLength(0);
    const consent = { idField: 20, label: 'Acepto', fieldType: 'consent', required: true, options: [], pattern: null, consentText: 'Texto', consentVersion: 1 };
    expect(resolvePrefill([...CONFIG.entryForm, consent], { '12': 'a@b.co', Acepto: 'si', 'TIPO DE DOCUMENTO': 'CC', text: 'Ana' })).toEqual({ 12: 'a@b.co', 13: 'CC', 11: 'Ana' });
  });

  it('ignores a prefill from another origin or of another shape', () => {
    const page = frame(true);
    page.fromHost({ tag: EMBED_TAG, type: 'prefill', fields: { Nombre: 'Intruso' } }, 'http://evil.test');
    page.fromHost({ type: 'prefill', fields: { Nombre: 'Intruso' } });
    page.fromHost({ tag: EMBED_TAG, type: 'prefill', fields: { Nombre: 42 } });
    expect(page.$<HTMLInputElement>('#field-11').value).toBe('');
  });

  it("counts the others' messages while hidden, keeps the session under the host origin, and reports it", async () => {
    const page = frame(false);
    fireEvent.change(page.$('#field-11'), { target: { value: 'Ana' } });
    fireEvent.change(page.$('#field-12'), { target: { value: 'ana@example.co' } });
    fireEvent.click(page.$('#entry-submit'));
    const socket = page.sockets[0]!;
    act(() => socket.connect());
    const start = await socket.next('widget:start');
    await act(async () => start.ack(null, { ok: true, data: { conversationId: CONV, token: 'tok', state: st('BOT'), messages: [msg(1)] } }));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ conversationId: CONV, token: 'tok' });
    await act(async () => socket.fire('widget:message', msg(2, { tipoUsuario: 'CLIENTE' })));
    await act(async () => socket.fire('widget:message', msg(3, { tipoUsuario: 'ASESOR' })));
    const statuses = page.sent().filter((s) => (s.message as { type: string }).type === 'status');
    expect(statuses.at(-1)).toEqual({ message: { tag: EMBED_TAG, type: 'status', active: true, unread: 2 }, origin: HOST });
    page.fromHost({ tag: EMBED_TAG, type: 'open', focus: true });
    expect(page.sent().at(-1)).toEqual({ message: { tag: EMBED_TAG, type: 'status', active: true, unread: 0 }, origin: HOST });
    expect(document.activeElement?.id).toBe('composer-input');
  });

  it('takes up the conversation another tab of the site started (storage event)', async () => {
    const page = frame(true);
    localStorage.setItem(KEY, JSON.stringify({ conversationId: CONV, token: 'other-tab', lastSeq: 4 }));
    act(() => page.chat.sessionChanged());
    const socket = page.sockets[0]!;
    expect(socket.auth).toEqual({ conversationId: CONV, token: 'other-tab' });
    expect(page.$('#chat-view')).not.toBeNull();
    // The same conversation moving on in the other tab changes nothing here.
    localStorage.setItem(KEY, JSON.stringify({ conversationId: CONV, token: 'other-tab', lastSeq: 5 }));
    act(() => page.chat.sessionChanged());
    expect(page.sockets).toHaveLength(1);
    expect(localStorage.getItem(KEY)).toContain('"lastSeq":5');
  });
});

describe('the relayed session (no storage of its own in the frame)', () => {
  it('starts empty, hands every change to the loader, and takes another tab\'s without handing it back', async () => {
    const { RelayedStorage } = await import('../../../src/widget/relayed-storage');
    const relay = vi.fn();
    const store = new RelayedStorage(KEY, null, relay);
    expect(store.getItem(KEY)).toBeNull();
    store.setItem(KEY, '{"a":1}');
    store.setItem('other', 'x');
    expect(store.getItem('other')).toBeNull();
    store.receive('{"b":2}');
    expect(store.getItem(KEY)).toBe('{"b":2}');
    store.removeItem(KEY);
    expect(relay.mock.calls).toEqual([['{"a":1}'], [null]]);
  });
});
