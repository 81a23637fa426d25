import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { EndMessage } from '../../../src/shared/domain/end-message';
import { AppToaster } from '../../../src/renderer/app/toasts';
import { loadState } from '../../../src/renderer/app/load-state';
import { endMessagesAtom } from '../../../src/renderer/features/platform/atoms';
import { ChatPage } from '../../../src/renderer/features/chat/ChatPage';
import { installFakeAtiende } from './fake-atiende';
import { END_MESSAGES, stubViewport } from './chat-data';

/** The rendered console for the chat-*.test.tsx files, and its test data (chat-data.ts). */

// The machine is shared: give findBy*/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

export { END_MESSAGES, chatView, consoleState, message, stubViewport } from './chat-data';

/**
 * The chat-console renderer set-up, called in a describe: before each test a fresh fake main process
 * (fake-atiende.ts) and a viewport for the virtualised lists (stubViewport); after it the tree
 * unmounted, the viewport, real timers and spies (vi.spyOn) restored. What it returns reads through
 * to the fake of the running test, as installFakeAtiende's answer does: `fake.api…`, `fake.emit(…)`.
 */
export function consoleTestSetup(): ReturnType<typeof installFakeAtiende> {
  let fake: ReturnType<typeof installFakeAtiende> | null = null;
  let restoreViewport = () => {};
  beforeEach(() => {
    fake = installFakeAtiende();
    restoreViewport = stubViewport();
  });
  afterEach(() => {
    cleanup();
    restoreViewport();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const current = () => {
    if (!fake) throw new Error('consoleTestSetup: the fake main process is installed before each test, read it inside one');
    return fake;
  };
  return {
    get api() {
      return current().api;
    },
    emit: (event, payload) => current().emit(event, payload)
  };
}

/** ChatPage inside the app's providers, the end messages resolved as after sign-in. */
export function renderConsole(options: { endMessages?: EndMessage[] } = {}) {
  const store = createStore();
  store.set(endMessagesAtom, loadState('resolved', options.endMessages ?? END_MESSAGES));
  const view = render(
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <ChatPage />
      </FluentProvider>
    </Provider>
  );
  return { store, ...view };
}

/** The toasts on screen (Fluent repeats their text in a live region, so read the toasts themselves). */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.fui-Toast')].map((t) => t.textContent ?? '');
}

/**
 * Finds an open dialog and puts the focus inside it, as a browser does when it opens. jsdom has no
 * layout, so Fluent finds nothing visible to focus and focuses the surface itself; tabster then
 * counts the dialog as an inactive modal and hides it (aria-hidden) 250 ms later.
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  act(() => within(dialog).getByRole('button', { name: 'Cancelar' }).focus());
  return dialog;
}

/**
 * Waits until the dialog is gone and the page is reachable again: `queryByRole('dialog')` alone
 * also passes while tabster still hides an open (or closing) dialog and the page behind it with
 * aria-hidden, and the page's own role queries then fail on a busy machine.
 */
export async function dialogClosed(): Promise<void> {
  await waitFor(() => {
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    // Tabster's own focus guards (data-tabster-dummy) are always aria-hidden; the page is not.
    expect([...document.body.children].filter((el) => el.getAttribute('aria-hidden') === 'true' && !el.hasAttribute('data-tabster-dummy'))).toEqual([]);
  });
}

/** Renderer tests share two cores with everything else: allow a slow first render. */
export const SLOW = { timeout: 20_000 };
