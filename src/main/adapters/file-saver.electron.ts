import { app, dialog, shell, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { FileSaver } from '../services/ports';

/** Where files go: the save dialog (the Downloads folder and the file's own name offered), the folder dialog, the file manager. */
export function createElectronFileSaver(window: () => BrowserWindow | null): FileSaver {
  return {
    async choosePath(name) {
      const options: SaveDialogOptions = { title: 'Guardar archivo', buttonLabel: 'Guardar', defaultPath: join(app.getPath('downloads'), name) };
      const parent = window();
      const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseFolder() {
      const options: OpenDialogOptions = { title: 'Seleccionar carpeta', buttonLabel: 'Seleccionar', defaultPath: app.getPath('documents'), properties: ['openDirectory', 'createDirectory'] };
      const parent = window();
      const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    showInFolder(path) {
      shell.showItemInFolder(path);
    }
  };
}
