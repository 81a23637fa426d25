import { useCallback } from 'react';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { UI } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { TOASTER_ID } from '../../app/toasts';

/**
 * SPEC §8/§9: 'No hay contactos disponibles para mostrar' is an info notice that hides after 3 s
 * (the app's toaster, with this notice's own timeout instead of the 5 s of the catalogue's toasts).
 */
export function useEmptyContactsNotice(): () => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(() => {
    dispatchToast(
      <Toast>
        <ToastTitle>{MSG.contacts.empty}</ToastTitle>
      </Toast>,
      { intent: 'info', timeout: UI.emptyContactsNoticeMs, politeness: 'polite' }
    );
  }, [dispatchToast]);
}
