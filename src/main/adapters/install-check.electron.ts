import { existsSync } from 'node:fs';
import { app, dialog, type BrowserWindow } from 'electron';
import { installKindOf, otherInstall, twoInstallsNotice, type InstallProbes } from '../install-kind';
import type { Logger } from '../services/ports';

/** This machine, as install-kind.ts reads it. */
export function machineInstallProbes(): InstallProbes {
  return { platform: process.platform, execPath: process.execPath, env: process.env, exists: existsSync };
}

/**
 * On start (issue 41): when an install of the other kind is on this machine (NSIS per user beside
 * the MSI per machine), says which to keep and how to remove the other. Informs only: the app
 * goes on either way.
 */
export function warnOfTwoInstalls(window: () => BrowserWindow | null, logger: Logger): void {
  if (!app.isPackaged) return;
  const probes = machineInstallProbes();
  const other = otherInstall(probes);
  if (!other) return;
  const { title, message } = twoInstallsNotice(installKindOf(probes), other);
  logger.warn(`${title}: ${other.path}`);
  const options = { type: 'warning' as const, title, message: title, detail: message, buttons: ['Entendido'] };
  const parent = window();
  void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
}
