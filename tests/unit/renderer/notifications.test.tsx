// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { addBanner, bannersAtom, removeBanner, showBannerAtom, type Banner } from '../../../src/renderer/app/banners';
import { BannerArea } from '../../../src/renderer/app/BannerArea';
import { Warning20Filled } from '@fluentui/react-icons';
import { AppToaster, useNotify, type Notify } from '../../../src/renderer/app/toasts';

const banner = (id: number): Banner => ({ id, intent: 'error', text: `Aviso ${id}` });

describe('banner list', () => {
  it('keeps at most the 3 newest banners', () => {
    let list: Banner[] = [];
    for (let id = 1; id <= 5; id++) list = addBanner(list, banner(id));
    expect(list.map((b) => b.id)).toEqual([3, 4, 5]);
  });

  it('removes one banner by id', () => {
    const list = [banner(1), banner(2), banner(3)];
    expect(removeBanner(list, 2).map((b) => b.id)).toEqual([1, 3]);
  });
});

describe('session-area banners', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderArea() {
    const store = createStore();
    render(
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <BannerArea />
        </FluentProvider>
      </Provider>
    );
    return store;
  }

  it('shows at most 3 and hides each after 10 s', () => {
    const store = renderArea();
    act(() => {
      for (let i = 1; i <= 4; i++) store.set(showBannerAtom, { intent: 'error', text: `Error ${i}` });
    });
    expect(screen.queryByText('Error 1')).toBeNull();
    for (const i of [2, 3, 4]) expect(screen.getByText(`Error ${i}`)).toBeTruthy();

    act(() => vi.advanceTimersByTime(9_999));
    expect(store.get(bannersAtom)).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(store.get(bannersAtom)).toHaveLength(0);
    expect(screen.queryByText('Error 4')).toBeNull();
  });

  it('runs a banner action and closes the banner', () => {
    const store = renderArea();
    const retry = vi.fn();
    act(() => {
      store.set(showBannerAtom, { intent: 'error', text: 'Falló', action: { label: 'Reintentar', run: retry } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(store.get(bannersAtom)).toHaveLength(0);
  });

  it('closes a banner from its close button', () => {
    const store = renderArea();
    act(() => {
      store.set(showBannerAtom, { intent: 'error', text: 'Falló' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(store.get(bannersAtom)).toHaveLength(0);
  });
});

/** An icon's drawing, to tell icons apart. */
const iconShape = (el: Element | null) => el?.querySelector('svg path')?.getAttribute('d') ?? null;

describe('toasts', () => {
  /** The toasts on screen (Fluent also repeats the text in a live region for screen readers). */
  const toastTexts = () => [...document.querySelectorAll('.fui-Toast')].map((t) => t.textContent);

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderToaster(): Notify {
    let notify: Notify | undefined;
    function Probe() {
      notify = useNotify();
      return null;
    }
    render(
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <Probe />
      </FluentProvider>
    );
    if (!notify) throw new Error('useNotify did not render');
    return notify;
  }


  it('shows at most 3 at once, with a warning icon on errors', () => {
    const notify = renderToaster();
    act(() => {
      for (let i = 1; i <= 5; i++) notify.error(`Error ${i}`);
    });
    act(() => vi.advanceTimersByTime(10));
    expect(toastTexts()).toHaveLength(3);
    const warningShape = iconShape(render(<Warning20Filled />).container);
    for (const toast of document.querySelectorAll('.fui-Toast')) {
      expect(iconShape(toast.querySelector('.fui-ToastTitle__media'))).toBe(warningShape);
    }
  });

  it('keeps the default icon on a success toast', () => {
    const notify = renderToaster();
    act(() => notify.success('Guardado'));
    act(() => vi.advanceTimersByTime(10));
    const toast = document.querySelector('.fui-Toast');
    expect(toast?.textContent).toBe('Guardado');
    const warningShape = iconShape(render(<Warning20Filled />).container);
    const shape = iconShape(toast?.querySelector('.fui-ToastTitle__media') ?? null);
    expect(shape).not.toBeNull();
    expect(shape).not.toBe(warningShape);
  });

  it('times each toast out after 5 s, then shows the next one waiting', () => {
    const notify = renderToaster();
    act(() => {
      for (let i = 1; i <= 4; i++) notify.info(`Aviso ${i}`);
    });
    act(() => vi.advanceTimersByTime(10));
    expect(toastTexts()).toHaveLength(3);
    expect(toastTexts()).not.toContain('Aviso 4');
    // Fluent runs the timeout as a CSS animation of the toast's timer; jsdom does not animate,
    // so check its duration and end it by hand.
    const timers = [...document.querySelectorAll<HTMLElement>('[data-timer-status]')];
    expect(timers).toHaveLength(3);
    for (const timer of timers) expect(timer.style.animationDuration).toBe('5000ms');
    act(() => {
      for (const timer of timers) fireEvent.animationEnd(timer);
    });
    act(() => vi.advanceTimersByTime(1_000));
    expect(toastTexts()).toEqual(['Aviso 4']);
  });
});
