import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppToaster } from '../../../src/renderer/app/toasts';

/**
 * For the renderer tests of components and hooks, without the app's routes: what they import loads
 * no page (analytics-fixtures.tsx, which renders the whole app, re-exports it).
 */

// The machine is shared: give findBy*/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Renders `ui` inside the app's providers; `rerender` keeps them (the same tree, new props). */
export function renderWithProviders(ui: ReactNode, store = createStore()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        {children}
      </FluentProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper }) };
}

/** A promise answered from the test, for the order in which replies arrive. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
