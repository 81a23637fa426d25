import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { MSG } from '../../../shared/messages';
import { loadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { templatesAtom } from './atoms';

/** The organisation's response templates, and a loader that fetches them once (again after a failure). */
export function useTemplates() {
  const notify = useNotify();
  const [templates, setTemplates] = useAtom(templatesAtom);
  const ensureLoaded = useCallback(() => {
    if (templates.status !== 'idle' && templates.status !== 'rejected') return;
    setTemplates(loadState('pending', []));
    void window.atiende.chat.templates().then((result) => {
      if (result.ok) setTemplates(loadState('resolved', result.data));
      else {
        setTemplates(loadState('rejected', []));
        notify.error(MSG.templates.loadFailed);
      }
    });
  }, [templates.status, setTemplates, notify]);
  return { templates, ensureLoaded };
}
