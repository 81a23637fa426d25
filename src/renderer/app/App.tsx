import { Provider as JotaiProvider, createStore } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { FluentProvider, webLightTheme, makeStyles } from '@fluentui/react-components';
import { AppErrorBoundary } from './ErrorScreen';
import { AppToaster } from './toasts';
import { createAppRouter } from './router';

const useStyles = makeStyles({ root: { height: '100%' } });

const store = createStore();
const router = createAppRouter();

export function App() {
  const styles = useStyles();
  return (
    <JotaiProvider store={store}>
      <FluentProvider theme={webLightTheme} className={styles.root}>
        <AppErrorBoundary>
          <AppToaster />
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </FluentProvider>
    </JotaiProvider>
  );
}
