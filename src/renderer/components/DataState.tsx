import type { ReactNode } from 'react';
import { Body1, Button, Spinner } from '@fluentui/react-components';
import type { LoadStatus } from '../app/load-state';
import { StatePanel } from './StatePanel';
import { DATA_TEXT } from './texts';

export interface DataStateProps {
  status: LoadStatus;
  /** The SPEC §8 text of this load's failure ('Error al obtener chats'…): the error state's heading. */
  errorTitle: string;
  /** What the platform or the main process said (server error, not authorised, no connection…). */
  errorDetail?: string | null;
  /** Resolved but nothing to show. */
  empty: boolean;
  /** What the empty state says instead of the filters' default (a live list: nothing waiting now). */
  emptyDetail?: string;
  onRetry(): void;
  /** The heading level of the state inside the page. */
  level?: 'h2' | 'h3';
  children: ReactNode;
}

/**
 * The loading, empty and error states of one load (SPEC §4 idle/pending/resolved/rejected), with
 * the StatePanel every state of the app uses; the content once there is something to show.
 */
export function DataState({ status, errorTitle, errorDetail, empty, emptyDetail, onRetry, level = 'h3', children }: DataStateProps) {
  if (status === 'idle' || status === 'pending') {
    return (
      <div role="status" aria-busy="true">
        <StatePanel title={DATA_TEXT.loading} landmark={false} level={level} actions={null}>
          <Spinner size="small" aria-hidden />
        </StatePanel>
      </div>
    );
  }
  if (status === 'rejected') {
    return (
      <div role="alert">
        <StatePanel title={errorTitle} landmark={false} level={level} actions={<Button onClick={onRetry}>{DATA_TEXT.retry}</Button>}>
          {errorDetail && errorDetail !== errorTitle ? <Body1>{errorDetail}</Body1> : null}
        </StatePanel>
      </div>
    );
  }
  if (empty) {
    return (
      <StatePanel title={DATA_TEXT.empty} landmark={false} level={level} actions={null}>
        <Body1>{emptyDetail ?? DATA_TEXT.emptyDetail}</Body1>
      </StatePanel>
    );
  }
  return <>{children}</>;
}
