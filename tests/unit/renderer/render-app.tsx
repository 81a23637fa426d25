import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../../../src/renderer/app/router';
import { AppToaster } from '../../../src/renderer/app/toasts';
import { DesignProvider } from '../../../src/renderer/features/design/DesignProvider';

/**
 * The whole renderer as it starts (routes, guards, layout, toasts, the design's Fluent theme) at `path`, on
 * `store`; the memory router is returned to follow navigation.
 */
export function renderApp(path: string, store: ReturnType<typeof createStore> = createStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <DesignProvider>
        <AppToaster />
        <RouterProvider router={router} />
      </DesignProvider>
    </Provider>
  );
  return router;
}
