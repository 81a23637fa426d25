import { clipboard } from 'electron';
import type { Clipboard } from '../services/ports';

/** The system clipboard (the widget editor's 'Copiar'). */
export function createElectronClipboard(): Clipboard {
  return { writeText: (text) => clipboard.writeText(text) };
}
