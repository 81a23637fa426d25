import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { routes } from '../../../src/renderer/app/router';
import { AppToaster } from '../../../src/renderer/app/toasts';

/**
 * The whole renderer as it starts (routes, guards, layout, toasts, Fluent theme) at `path`, on
 * `store`; the memory router is returned to follow navigation.
 */
export function renderApp(path: string, store: ReturnType<typeof createStore> = createStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <RouterProvider router={router} />
      </FluentProvider>
    </Provider>
  );
  return router;
}
