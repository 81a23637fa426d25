import type { IpcError } from '../../../shared/ipc';
import { MSG } from '../../../shared/messages';

/** SPEC §8: 401 → invalid credentials; 403 → locked (and the form is marked locked); other → its own text. */
export function loginErrorMessage(error: IpcError): { text: string; locked: boolean } {
  if (error.status === 401) return { text: MSG.session.invalidCredentials, locked: false };
  if (error.status === 403 || error.locked) return { text: MSG.session.userLocked, locked: true };
  return { text: error.message || MSG.session.loginFailed, locked: false };
}
