import { atom } from 'jotai';
import type { SessionView } from '../../../shared/ipc';
import type { LoadStatus } from '../../app/load-state';

/**
 * SPEC §4 auth status: idle → pending → resolved | rejected; logout resets it to idle, which
 * makes the app ask the main process again whether a session exists.
 */
export interface SessionState {
  status: LoadStatus;
  view: SessionView | null;
  /** Whether the main process has been asked for an existing session since the app started. */
  restored: boolean;
}
export const initialSession: SessionState = { status: 'idle', view: null, restored: false };
export const sessionAtom = atom<SessionState>(initialSession);

/** The signed-in user's claims, or null. */
export const currentUserAtom = atom((get) => get(sessionAtom).view?.user ?? null);

/** SPEC §4 change-password flag: idle, then the check's answer; `true` forces /change-password. */
export interface PasswordCheckState {
  status: LoadStatus;
  changePassword: boolean | null;
}
export const initialPasswordCheck: PasswordCheckState = { status: 'idle', changePassword: null };
export const passwordCheckAtom = atom<PasswordCheckState>(initialPasswordCheck);
