import type { WritableAtom } from 'jotai';

/**
 * What other features forget when the session ends (a sign-out, or the main process ended it).
 * Each feature registers its own reset where it keeps its state, so the session feature imports
 * none of them (features import session, never the other way round: eslint.config.js). A feature
 * whose module never loaded has nothing to forget.
 */
export type SignOutReset = WritableAtom<null, [], void>;

const resets = new Set<SignOutReset>();

export function forgetOnSignOut(reset: SignOutReset): void {
  resets.add(reset);
}

export function signOutResets(): readonly SignOutReset[] {
  return [...resets];
}
