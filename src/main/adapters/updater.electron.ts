import { app } from 'electron';
import electronUpdater from 'electron-updater';
import { selfUpdateAllowed } from '../install-kind';
import type { Logger } from '../services/ports';
import { machineInstallProbes } from './install-check.electron';
import type { Updater } from '../services/update.service';

/**
 * electron-updater behind the Updater port (issue 41): the generic provider on the platform's own
 * /updates/ feed, which downloads through Electron's network session — so a corporate proxy's
 * authentication goes through the app's 'login' handling, not around it. A newer version is
 * downloaded in the background; when it installs is update-policy.ts's business, never the
 * updater's: it never restarts the app by itself. Only a packaged app updates itself, and never
 * the MSI per machine, which IT updates (install-kind.ts); ATIENDE_UPDATES=off turns it off too.
 */
export function createElectronUpdater(logger: Logger): Updater {
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = { info: (m: unknown) => logger.info(String(m)), warn: (m: unknown) => logger.warn(String(m)), error: (m: unknown) => logger.error(String(m)), debug: () => undefined };
  return {
    enabled: selfUpdateAllowed(machineInstallProbes(), app.isPackaged),
    async check(url) {
      autoUpdater.setFeedURL({ provider: 'generic', url });
      await autoUpdater.checkForUpdates();
    },
    onDownloading: (listener) => void autoUpdater.on('update-available', (info) => listener(info.version)),
    onDownloaded: (listener) => void autoUpdater.on('update-downloaded', (info) => listener(info.version)),
    setInstallOnQuit: (install) => void (autoUpdater.autoInstallOnAppQuit = install),
    installNow: () => autoUpdater.quitAndInstall(false, true)
  };
}
