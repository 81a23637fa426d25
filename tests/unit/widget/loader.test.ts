// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_TAG } from '../../../src/shared/widget-embed';
import type { FrameMessage } from '../../../src/shared/widget-embed-messages';
import { FRAME_SANDBOX } from '../../../src/widget/loader/embed';
import { startLoader } from '../../../src/widget/loader/main';

const PLATFORM = 'http://127.0.0.1:4100';
const LAUNCHER = { title: 'Asistente · Demo', background: '#1973bb', color: '#ffffff' };

function snippet(attributes: Record<string, string> = { org: '100', va: '1' }): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = `${PLATFORM}/widget/loader.js`;
  for (const [k, v] of Object.entries(attributes)) script.dataset[k] = v;
  return script;
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(attributes?: Record<string, string>, fetchImpl = answer(200, LAUNCHER)) {
  window.fetch = fetchImpl as typeof window.fetch;
  const embed = startLoader(window, snippet(attributes));
  await settle();
  const shadow = document.getElementById('atiende-widget')?.shadowRoot ?? null;
  const launcher = () => shadow!.querySelector<HTMLButtonElement>('button.launcher')!;
  const frame = () => {
    const iframe = shadow!.querySelector('iframe');
    if (iframe && !frameWindows.has(iframe)) {
      // jsdom gives a frame inside a shadow root no window: a stand-in records what the loader posts to it.
      const stand = { postMessage: vi.fn() };
      frameWindows.set(iframe, stand);
      Object.defineProperty(iframe, 'contentWindow', { value: stand });
    }
    return iframe;
  };
  /** A message as the frame's window would post it (origin and source as given). */
  const fromFrame = (data: FrameMessage | unknown, origin = PLATFORM, source: unknown = frame()?.contentWindow ?? null) => {
    const event = new Event('message');
    Object.defineProperties(event, { data: { value: data }, origin: { value: origin }, source: { value: source } });
    window.dispatchEvent(event);
  };
  return { embed, shadow, launcher, frame, fromFrame, fetchImpl };
}

const frameWindows = new WeakMap<HTMLIFrameElement, { postMessage: ReturnType<typeof vi.fn> }>();

function postsTo(frame: HTMLIFrameElement) {
  const stand = frameWindows.get(frame)!;
  return () => stand.postMessage.mock.calls.map(([message, origin]) => ({ message, origin }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  document.getElementById('atiende-widget')?.remove();
  delete (window as { Atiende?: unknown }).Atiende;
  vi.restoreAllMocks();
});

describe('the loader', () => {
  it('asks the platform for the launcher only, and shows it in its colours without loading the chat', async () => {
    const { shadow, launcher, frame, fetchImpl } = await start();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toBe(`${PLATFORM}/widget/launcher?org=100&va=1`);
    expect(shadow).not.toBeNull();
    expect(launcher().getAttribute('aria-label')).toBe('Abrir chat');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('atiende-widget')!.style.getPropertyValue('--atiende-bg')).toBe('#1973bb');
    expect(frame()).toBeNull();
  });

  it('defines one frozen global, and a second snippet adds nothing', async () => {
    const { embed } = await start();
    expect(embed).not.toBeNull();
    expect(Object.keys(window.Atiende!)).toEqual(['open', 'close', 'prefill']);
    expect(Object.isFrozen(window.Atiende)).toBe(true);
    expect(startLoader(window, snippet())).toBeNull();
    expect(document.querySelectorAll('#atiende-widget')).toHaveLength(1);
  });

  it('refuses a snippet without valid ids, and a chat the platform does not know', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(startLoader(window, snippet({ org: 'abc', va: '1' }))).toBeNull();
    expect(window.Atiende).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Atiende: el código del chat necesita data-org y data-va con números válidos.');
    await start(undefined, answer(404, { message: 'no' }));
    expect(document.getElementById('atiende-widget')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Atiende: el chat solicitado no existe o no está activo.');
  });

  it('opens the platform widget page in a sandboxed iframe on click, and closes it with Escape', async () => {
    const { launcher, frame, shadow } = await start();
    launcher().click();
    const iframe = frame()!;
    expect(iframe.src).toBe(`${PLATFORM}/widget?org=100&va=1&embed=1`);
    expect(iframe.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(iframe.title).toBe('Chat en línea: Asistente · Demo');
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    expect(launcher().getAttribute('aria-label')).toBe('Minimizar chat');
    launcher().focus();
    launcher().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(shadow!.querySelector<HTMLElement>('.panel')!.hidden).toBe(true);
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(shadow!.activeElement).toBe(launcher());
  });

  it('talks to the frame only after its ready, only to the platform origin, and hands in the prefill', async () => {
    const { launcher, frame, fromFrame } = await start();
    window.Atiende!.prefill({ Documento: '1020304050' });
    launcher().click();
    const posts = postsTo(frame()!);
    fromFrame({ tag: EMBED_TAG, type: 'ready' });
    expect(posts()).toEqual([
      { message: { tag: EMBED_TAG, type: 'hello', open: true, session: null }, origin: PLATFORM },
      { message: { tag: EMBED_TAG, type: 'prefill', fields: { Documento: '1020304050' } }, origin: PLATFORM },
      { message: { tag: EMBED_TAG, type: 'open', focus: true }, origin: PLATFORM }
    ]);
  });

  it('ignores messages from another origin, another window, or of another shape', async () => {
    const { launcher, frame, fromFrame } = await start();
    launcher().click();
    const posts = postsTo(frame()!);
    fromFrame({ tag: EMBED_TAG, type: 'ready' }, 'http://evil.test');
    fromFrame({ tag: EMBED_TAG, type: 'ready' }, PLATFORM, window);
    fromFrame({ tag: EMBED_TAG, type: 'ready' }, PLATFORM, null);
    fromFrame({ type: 'ready' });
    fromFrame({ tag: EMBED_TAG, type: 'close' }, 'http://evil.test');
    expect(posts()).toEqual([]);
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
  });

  it("counts the frame's unread messages on the closed launcher, and closes when the frame asks", async () => {
    const { launcher, fromFrame, shadow } = await start();
    launcher().click();
    fromFrame({ tag: EMBED_TAG, type: 'ready' });
    fromFrame({ tag: EMBED_TAG, type: 'close' });
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    fromFrame({ tag: EMBED_TAG, type: 'status', active: true, unread: 2 });
    const badge = shadow!.querySelector<HTMLElement>('.badge')!;
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('2');
    expect(launcher().getAttribute('aria-label')).toBe('Abrir chat, 2 mensajes nuevos');
    fromFrame({ tag: EMBED_TAG, type: 'status', active: true, unread: 1 });
    expect(launcher().getAttribute('aria-label')).toBe('Abrir chat, 1 mensaje nuevo');
    window.Atiende!.open();
    expect(badge.hidden).toBe(true);
    expect(launcher().getAttribute('aria-label')).toBe('Minimizar chat');
  });

  it('on the next page, with a conversation going on, loads the chat at once and opens it as the tab left it', async () => {
    const first = await start();
    first.launcher().click();
    first.fromFrame({ tag: EMBED_TAG, type: 'ready' });
    first.fromFrame({ tag: EMBED_TAG, type: 'status', active: true, unread: 0 });
    // The next page: a fresh document and loader, the same storage.
    document.getElementById('atiende-widget')?.remove();
    delete (window as { Atiende?: unknown }).Atiende;
    const next = await start(undefined, answer(200, { ...LAUNCHER, background: '#123456' }));
    expect(next.frame()).not.toBeNull();
    expect(next.launcher().getAttribute('aria-expanded')).toBe('true');
    // The cached colours painted first; the platform's new answer repainted them.
    expect(document.getElementById('atiende-widget')!.style.getPropertyValue('--atiende-bg')).toBe('#123456');
  });

  it("keeps the frame's session in the page's storage when the frame has none, and hands it back and on", async () => {
    const first = await start();
    first.launcher().click();
    first.fromFrame({ tag: EMBED_TAG, type: 'ready' });
    first.fromFrame({ tag: EMBED_TAG, type: 'session', value: '{"conversationId":"c1","token":"t","lastSeq":2}' });
    first.fromFrame({ tag: EMBED_TAG, type: 'session', value: 'x'.repeat(2001) }, PLATFORM);
    expect(localStorage.getItem('atiende.embed.100.1.session')).toBe('{"conversationId":"c1","token":"t","lastSeq":2}');
    // Another tab changed it: this tab's frame hears of it.
    const posts = postsTo(first.frame()!);
    window.dispatchEvent(new StorageEvent('storage', { key: 'atiende.embed.100.1.session', newValue: '{"conversationId":"c2","token":"u","lastSeq":0}' }));
    expect(posts().at(-1)).toEqual({ message: { tag: EMBED_TAG, type: 'session', value: '{"conversationId":"c2","token":"u","lastSeq":0}' }, origin: PLATFORM });
    // The next page's frame gets it with the hello.
    document.getElementById('atiende-widget')?.remove();
    delete (window as { Atiende?: unknown }).Atiende;
    // (open again, as this tab left it)
    const next = await start();
    next.fromFrame({ tag: EMBED_TAG, type: 'ready' });
    expect(postsTo(next.frame()!)()[0]).toEqual({ message: { tag: EMBED_TAG, type: 'hello', open: true, session: '{"conversationId":"c1","token":"t","lastSeq":2}' }, origin: PLATFORM });
  });

  it('data-open="proactive" opens the chat without taking the focus, once per tab until minimised', async () => {
    const page = await start({ org: '100', va: '1', open: 'proactive' });
    expect(page.frame()).not.toBeNull();
    expect(page.launcher().getAttribute('aria-expanded')).toBe('true');
    expect(page.shadow!.activeElement).toBeNull();
    window.Atiende!.close();
    document.getElementById('atiende-widget')?.remove();
    delete (window as { Atiende?: unknown }).Atiende;
    const next = await start({ org: '100', va: '1', open: 'proactive' });
    expect(next.launcher().getAttribute('aria-expanded')).toBe('false');
  });
});
