import { app, Notification, type BrowserWindow } from 'electron';
import type { Logger, Notifier } from '../services/ports';
import type { AppTray } from './tray.electron';

/** Notifications kept referenced (a collected one loses its click handler); older ones are closed. */
const MAX_LIVE_NOTIFICATIONS = 20;

/** Brings the window to the front from wherever it is: hidden to the tray, minimised, behind others. */
export function showWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}

export interface ElectronNotifier extends Notifier {
  dispose(): void;
}

/**
 * DESIGN §3 on the desktop: native notifications with the system sound, the count on the dock
 * (macOS) or launcher (Unity) badge and in the tray, the taskbar button flashing on Windows while
 * the window is in the background. Clicking a notification shows and focuses the window, then tells
 * the listeners which chat it was about.
 */
export function createElectronNotifier(options: { window: () => BrowserWindow | null; tray: () => AppTray | null; icon: string | null; logger: Logger }): ElectronNotifier {
  const listeners = new Set<(conversationId: string) => void>();
  const live = new Set<Notification>();

  return {
    notify({ title, body, conversationId }) {
      const window = options.window();
      if (process.platform === 'win32' && window && !window.isDestroyed() && !window.isFocused()) window.flashFrame(true);
      if (!Notification.isSupported()) return;
      // Silent: the console plays Atiende's own alert on 'chat:alert' (also when the window is hidden), so the agent hears one sound, not two.
      const notification = new Notification({ title, body, silent: true, ...(options.icon ? { icon: options.icon } : {}) });
      const forget = () => {
        live.delete(notification);
      };
      notification.on('click', () => {
        forget();
        const current = options.window();
        if (current) showWindow(current);
        for (const listener of [...listeners]) listener(conversationId);
      });
      notification.on('close', forget);
      notification.on('failed', (_event, error) => {
        forget();
        options.logger.warn('A notification could not be shown', error);
      });
      live.add(notification);
      if (live.size > MAX_LIVE_NOTIFICATIONS) {
        const [oldest] = live;
        if (oldest) {
          live.delete(oldest);
          oldest.close();
        }
      }
      notification.show();
    },

    setBadge(count) {
      app.setBadgeCount(count);
      if (process.platform === 'darwin') app.dock?.setBadge(count > 0 ? String(count) : '');
      options.tray()?.setCount(count);
    },

    onClick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    dispose() {
      for (const notification of live) notification.close();
      live.clear();
      listeners.clear();
    }
  };
}
