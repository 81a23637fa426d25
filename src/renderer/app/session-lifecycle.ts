import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { MSG } from '../../shared/messages';
import { passwordCheckAtom, sessionAtom } from '../features/session/atoms';
import { checkPasswordExpiryAtom, clearSessionAtom, restoreSessionAtom } from '../features/session/actions';
import { loadPlatformDataAtom } from '../features/platform/load';
import { showBannerAtom } from './banners';
import { throttle } from './throttle';
import { useNotify } from './toasts';

/** At most one activity ping to the main process per 30 s (it re-checks the refresh token's expiry). */
export const ACTIVITY_PING_MS = 30_000;
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Everything that follows the session: restore it at start, run the password-expiry check and
 * the post-login loads, report user activity, and leave when the main process ends the session.
 */
export function useSessionLifecycle(): void {
  const session = useAtomValue(sessionAtom);
  const check = useAtomValue(passwordCheckAtom);
  const restore = useSetAtom(restoreSessionAtom);
  const runCheck = useSetAtom(checkPasswordExpiryAtom);
  const loadPlatform = useSetAtom(loadPlatformDataAtom);
  const clear = useSetAtom(clearSessionAtom);
  const showBanner = useSetAtom(showBannerAtom);
  const notify = useNotify();
  const navigate = useNavigate();
  const loadedFor = useRef<string | null>(null);
  const { view } = session;

  useEffect(() => {
    if (!session.restored) void restore();
  }, [session.restored, restore]);

  useEffect(() => {
    if (view && check.status === 'idle') void runCheck();
  }, [view, check.status, runCheck]);

  useEffect(() => {
    if (!view) {
      loadedFor.current = null;
      return;
    }
    if (check.status !== 'resolved' || check.changePassword) return;
    const key = `${view.user.sub}:${view.lastLoginTime}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    void loadPlatform({ role: view.user.role }).then((failures) => {
      for (const text of failures) notify.error(text);
    });
  }, [view, check.status, check.changePassword, loadPlatform, notify]);

  useEffect(
    () =>
      window.atiende.on('session:ended', ({ reason }) => {
        clear();
        if (reason !== 'logout') showBanner({ intent: 'warning', text: MSG.session.sessionExpired });
        navigate('/', { replace: true });
      }),
    [clear, navigate, showBanner]
  );

  const signedIn = view !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    const ping = throttle(() => void window.atiende.session.activity(), ACTIVITY_PING_MS);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, ping, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, ping);
    };
  }, [signedIn]);
}
