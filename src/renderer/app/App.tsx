import { Provider as JotaiProvider, createStore } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { DesignProvider } from '../features/design/DesignProvider';
import { AppErrorBoundary } from './ErrorScreen';
import { AppToaster } from './toasts';
import { createAppRouter } from './router';

const store = createStore();
const router = createAppRouter();

export function App() {
  return (
    <JotaiProvider store={store}>
      <DesignProvider>
        <AppErrorBoundary>
          <AppToaster />
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </DesignProvider>
    </JotaiProvider>
  );
}
