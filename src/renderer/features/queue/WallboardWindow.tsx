import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WALLBOARD_PATH } from '../../../shared/supervision-pages';
import { useAnalyticsQuery } from '../analytics/use-analytics-query';
import { useLiveReload } from '../../components/use-live-reload';
import { Wallboard } from './Wallboard';

/** The wallboard window's name: a second 'Tablero de pared' brings the open one forward. */
export const WALLBOARD_WINDOW_NAME = 'atiende-tablero';

/** The address of the wallboard window for the organisation the queue page shows (null: one's own). */
export function wallboardUrl(idOrg: number | null): string {
  return idOrg === null ? WALLBOARD_PATH : `${WALLBOARD_PATH}?org=${idOrg}`;
}

/** `?org=` as the organisation to show: a positive integer, else the user's own (the platform decides what each role may read). */
export function wallboardOrganisation(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Opens the wallboard in a window of its own (full screen in the desktop app, a popup in the
 * browser host; both share the session of the window that opened it). false when the host refused
 * a window: the caller shows the board over its own window instead.
 */
export function openWallboardWindow(idOrg: number | null): boolean {
  // A host without windows answers null (or, in some test DOMs, nothing).
  return Boolean(window.open(wallboardUrl(idOrg), WALLBOARD_WINDOW_NAME, 'popup,width=1366,height=768'));
}

/** The wallboard as a whole window: the live queue of the organisation in its address; Esc closes the window. */
export function WallboardWindow() {
  const [params] = useSearchParams();
  const idOrg = wallboardOrganisation(params.get('org'));
  const chatsLive = useLiveReload('chats', idOrg);
  const agentsLive = useLiveReload('agents', idOrg);
  const queue = useAnalyticsQuery('liveQueue', { idOrg }, { liveKey: chatsLive + agentsLive });
  const close = useCallback(() => window.close(), []);
  return <Wallboard queue={queue.data} idOrg={idOrg} onClose={close} coversWindow={false} />;
}
