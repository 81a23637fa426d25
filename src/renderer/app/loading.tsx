import { useCallback } from 'react';
import { atom, useAtomValue, useSetAtom, type Setter } from 'jotai';
import { ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { UI } from '../../shared/constants';
import { useLoadingProgress } from './loading-progress';

/** How many tracked pieces of work are in flight; the bar shows while it is above zero. */
export const pendingWorkAtom = atom(0);

/** Runs the loading bar until `work` settles; for write atoms (components use `useTrackLoading`). */
export function tracked<T>(set: Setter, work: Promise<T>): Promise<T> {
  set(pendingWorkAtom, (n) => n + 1);
  return work.finally(() => set(pendingWorkAtom, (n) => Math.max(0, n - 1)));
}

/** Wraps a promise so the loading bar runs until it settles. */
export function useTrackLoading(): <T>(work: Promise<T>) => Promise<T> {
  const set = useSetAtom(pendingWorkAtom);
  return useCallback(
    <T,>(work: Promise<T>) => {
      set((n) => n + 1);
      return work.finally(() => set((n) => Math.max(0, n - 1)));
    },
    [set]
  );
}

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: 1000000,
    backgroundColor: tokens.colorNeutralBackground1
  }
});

export function LoadingBar() {
  const busy = useAtomValue(pendingWorkAtom) > 0;
  const { visible, value } = useLoadingProgress(busy);
  const styles = useStyles();
  if (!visible) return null;
  return (
    <ProgressBar
      className={styles.bar}
      value={value / 100}
      max={1}
      thickness="large"
      aria-label={UI.libraryLabels.loading}
    />
  );
}
