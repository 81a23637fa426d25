import { Menu, nativeImage, Tray } from 'electron';
import type { Logger } from '../services/ports';

export interface AppTray {
  /** What is waiting for the agent (unseen incoming chats + unread messages): in the tooltip, and beside the icon on macOS. */
  setCount(count: number): void;
  destroy(): void;
}

/** Tooltip and menu texts (es-CO). */
export const TRAY_TEXT = {
  name: 'Atiende',
  pending: (count: number) => `Atiende: ${count} ${count === 1 ? 'pendiente' : 'pendientes'}`,
  show: 'Mostrar Atiende',
  quit: 'Salir'
} as const;

/**
 * The tray (notification-area) icon: the app icon at tray size, the pending count in its tooltip,
 * a menu 'Mostrar Atiende' / 'Salir'. Null where the desktop has no tray to offer.
 */
export function createAppTray(options: { icon: string; show: () => void; quit: () => void; logger: Logger }): AppTray | null {
  const image = nativeImage.createFromPath(options.icon);
  if (image.isEmpty()) {
    options.logger.warn(`No tray icon at ${options.icon}`);
    return null;
  }
  let tray: Tray;
  try {
    tray = new Tray(image.resize({ width: 16, height: 16, quality: 'best' }));
  } catch (error) {
    options.logger.warn('No system tray available', error);
    return null;
  }
  tray.setToolTip(TRAY_TEXT.name);
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: TRAY_TEXT.show, click: options.show },
      { type: 'separator' },
      { label: TRAY_TEXT.quit, click: options.quit }
    ])
  );
  tray.on('click', options.show);
  return {
    setCount(count) {
      if (tray.isDestroyed()) return;
      tray.setToolTip(count > 0 ? TRAY_TEXT.pending(count) : TRAY_TEXT.name);
      if (process.platform === 'darwin') tray.setTitle(count > 0 ? String(count) : '');
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy();
    }
  };
}
