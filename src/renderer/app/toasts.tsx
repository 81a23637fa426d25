import { useCallback, useMemo } from 'react';
import { Toast, ToastTitle, Toaster, useToastController, type ToastIntent } from '@fluentui/react-components';
import { Warning20Filled } from '@fluentui/react-icons';
import { UI } from '../../shared/constants';

/** The one toaster of the app; every toast goes through `useNotify`. */
export const TOASTER_ID = 'atiende-toaster';

export function AppToaster() {
  return (
    <Toaster
      toasterId={TOASTER_ID}
      position="top-end"
      limit={UI.toast.max}
      timeout={UI.toast.autoHideMs}
      pauseOnHover
      pauseOnWindowBlur
    />
  );
}

export interface Notify {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
  /** `timeoutMs`: a notice that hides sooner than the catalogue's 5 s (SPEC §9: the empty-contacts notice, 3 s). */
  info(text: string, timeoutMs?: number): void;
}

/** The one toast helper (SPEC §8: at most 3 at once, 5 s, a warning icon on errors). */
export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  const show = useCallback(
    (intent: ToastIntent, text: string, timeoutMs?: number) => {
      dispatchToast(
        <Toast>
          <ToastTitle media={intent === 'error' ? <Warning20Filled aria-hidden /> : undefined}>{text}</ToastTitle>
        </Toast>,
        { intent, politeness: intent === 'error' ? 'assertive' : 'polite', ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }) }
      );
    },
    [dispatchToast]
  );

  return useMemo(
    () => ({
      success: (text: string) => show('success', text),
      error: (text: string) => show('error', text),
      warning: (text: string) => show('warning', text),
      info: (text: string, timeoutMs?: number) => show('info', text, timeoutMs)
    }),
    [show]
  );
}
