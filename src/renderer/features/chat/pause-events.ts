import { useCallback, useEffect } from 'react';
import { useAtom } from 'jotai';
import type { PauseEvent } from '../../../shared/domain/parameters';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { pauseEventsAtom } from './atoms';

/** The active pause events, loaded the first time they are needed. */
export function usePauseEvents(needed: boolean): [LoadState<PauseEvent[]>, () => void] {
  const [events, setEvents] = useAtom(pauseEventsAtom);
  const notify = useNotify();
  const load = useCallback(() => {
    setEvents(loadState('pending', []));
    void window.atiende.chat.pauseEvents().then((result) => {
      if (result.ok) setEvents(loadState('resolved', result.data));
      else {
        setEvents(loadState('rejected', []));
        notify.error(MSG.pauseEvents.loadFailed);
      }
    });
  }, [setEvents, notify]);
  const shouldLoad = needed && events.status === 'idle';
  useEffect(() => {
    if (shouldLoad) load();
  }, [shouldLoad, load]);
  return [events, load];
}
