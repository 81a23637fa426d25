import { atom, type Getter, type Setter } from 'jotai';
import type { IpcResult, SessionView } from '../../../shared/ipc';
import type { LoginBody } from '../../../shared/domain/session';
import type { LdapLoginBody } from '../../../shared/domain/ldap';
import { MSG } from '../../../shared/messages';
import { tracked } from '../../app/loading';
import { clearBannersAtom, showBannerAtom } from '../../app/banners';
import { resetPlatformAtom } from '../platform/atoms';
import { initialPasswordCheck, passwordCheckAtom, sessionAtom } from './atoms';
import { signOutResets } from './sign-out-resets';

/** Asks the main process once, at start, whether a session already exists (e.g. after a reload). */
export const restoreSessionAtom = atom(null, async (get, set) => {
  const current = get(sessionAtom);
  if (current.restored || current.status === 'pending') return;
  set(sessionAtom, { ...current, status: 'pending' });
  const result = await tracked(set, window.atiende.session.get());
  const view = result.ok ? result.data : null;
  set(sessionAtom, { status: view ? 'resolved' : 'idle', view, restored: true });
  set(passwordCheckAtom, initialPasswordCheck);
});

/** Signs in through `call`; on success the session view is stored and the password-expiry check starts afresh. */
async function signInWith(get: Getter, set: Setter, call: () => Promise<IpcResult<SessionView>>): Promise<IpcResult<SessionView>> {
  set(sessionAtom, { ...get(sessionAtom), status: 'pending' });
  const result = await tracked(set, call());
  if (result.ok) {
    // The sign-in errors of earlier attempts no longer apply.
    set(clearBannersAtom);
    set(passwordCheckAtom, initialPasswordCheck);
    set(sessionAtom, { status: 'resolved', view: result.data, restored: true });
  } else {
    set(sessionAtom, { status: 'rejected', view: null, restored: true });
  }
  return result;
}

/** Signs in with e-mail and password. */
export const loginAtom = atom(null, (get, set, credentials: LoginBody) => signInWith(get, set, () => window.atiende.session.login(credentials)));

/** Signs in with an organisation's LDAP directory (SPEC §6 'loginbepro'); the session afterwards is the same. */
export const loginLdapAtom = atom(null, (get, set, credentials: LdapLoginBody) => signInWith(get, set, () => window.atiende.session.loginLdap(credentials)));

/**
 * The expiry check after sign-in (SPEC §4): `changePassword: true` forces /change-password.
 * A failure shows the SPEC §8 banner with a retry.
 */
async function checkPasswordExpiry(get: Getter, set: Setter): Promise<void> {
  if (get(passwordCheckAtom).status === 'pending') return;
  set(passwordCheckAtom, { status: 'pending', changePassword: null });
  const result = await tracked(set, window.atiende.session.checkPasswordExpiry());
  if (!get(sessionAtom).view) return;
  if (result.ok) {
    set(passwordCheckAtom, { status: 'resolved', changePassword: result.data.changePassword });
    return;
  }
  set(passwordCheckAtom, { status: 'rejected', changePassword: null });
  set(showBannerAtom, {
    intent: 'error',
    text: MSG.session.passwordCheckFailed,
    // A write atom cannot set itself, hence the plain function.
    action: { label: 'Reintentar', run: () => void checkPasswordExpiry(get, set) }
  });
}

export const checkPasswordExpiryAtom = atom(null, (get, set) => checkPasswordExpiry(get, set));

/** After a successful password change the user is no longer forced to change it. */
export const passwordChangedAtom = atom(null, (_get, set) => {
  set(passwordCheckAtom, { status: 'resolved', changePassword: false });
});

/** Forgets everything the session loaded (sign-out, or the main process ended the session). */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(sessionAtom, { status: 'idle', view: null, restored: true });
  set(passwordCheckAtom, initialPasswordCheck);
  set(resetPlatformAtom);
  for (const reset of signOutResets()) set(reset);
});

export const logoutAtom = atom(null, async (_get, set) => {
  await tracked(set, window.atiende.session.logout());
  set(clearSessionAtom);
});
