import { Provider as JotaiProvider, createStore } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppErrorBoundary } from './ErrorScreen';
import { AppToaster } from './toasts';
import { createAppRouter } from './router';

const store = createStore();
const router = createAppRouter();

export function App() {
  return (
    <JotaiProvider store={store}>
      <FluentProvider theme={webLightTheme} id="app-provider">
        <AppErrorBoundary>
          <AppToaster />
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </FluentProvider>
    </JotaiProvider>
  );
}
