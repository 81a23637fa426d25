import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { FileSaver } from '../services/ports';

/** Where a received chat file goes: the save dialog, offering the Downloads folder and the file's own name. */
export function createElectronFileSaver(window: () => BrowserWindow | null): FileSaver {
  return {
    async choosePath(name) {
      const options: SaveDialogOptions = { title: 'Guardar archivo', buttonLabel: 'Guardar', defaultPath: join(app.getPath('downloads'), name) };
      const parent = window();
      const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    }
  };
}
