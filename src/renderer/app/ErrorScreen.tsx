import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRouteError } from 'react-router-dom';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { StatePanel } from '../components/StatePanel';
import { MSG } from '../../shared/messages';
import { reportRenderError, summariseError, type ErrorSummary } from './error-report';

const useStyles = makeStyles({
  detail: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', maxWidth: '720px', overflowWrap: 'anywhere' }
});

/**
 * The generic error screen of SPEC §2: title, the error's name and message, and a reload button.
 * Inside the layout (`landmark` false) the page's own <main> already surrounds it.
 */
export function ErrorScreen({ error, landmark = true }: { error: ErrorSummary; landmark?: boolean }) {
  const styles = useStyles();
  return (
    <StatePanel
      title={MSG.generic.errorTitle}
      landmark={landmark}
      actions={
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {MSG.generic.reloadPage}
        </Button>
      }
    >
      <Body1 className={styles.detail}>
        <strong>{error.name}</strong>: {error.message}
      </Body1>
    </StatePanel>
  );
}

/** The router's error element: a render or loading error inside any route. */
export function RouteErrorScreen({ landmark = true }: { landmark?: boolean }) {
  const error = summariseError(useRouteError());
  const { pathname } = useLocation();
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportRenderError(error, pathname);
  }, [error, pathname]);
  return <ErrorScreen error={error} landmark={landmark} />;
}

/** Catches what happens outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: ErrorSummary | null }> {
  override state: { error: ErrorSummary | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: summariseError(error) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    reportRenderError(summariseError(error));
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
