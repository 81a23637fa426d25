import { useEffect, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FluentProvider } from '@fluentui/react-components';
import { designThemeAtom, designViewAtom } from './atoms';
import { useFontFace } from './worn';

/**
 * Keeps designViewAtom on what the main process says the app wears: asks once ('design:current':
 * the cached design at start, before the platform answers), then takes every 'design:changed'.
 */
function useDesignSync(): void {
  const [, setView] = useAtom(designViewAtom);
  useEffect(() => {
    let live = true;
    const off = window.atiende.on('design:changed', (view) => setView({ ...view, pushed: true }));
    void window.atiende.design.current().then((result) => {
      if (live && result.ok) setView((now) => (now.pushed ? now : { ...result.data, pushed: false }));
    });
    return () => {
      live = false;
      off();
    };
  }, [setView]);
}

/** The app's FluentProvider, wearing the organisation's design live. */
export function DesignProvider({ children }: { children: ReactNode }) {
  useDesignSync();
  useFontFace(useAtomValue(designViewAtom));
  const theme = useAtomValue(designThemeAtom);
  return (
    <FluentProvider theme={theme} id="app-provider">
      {children}
    </FluentProvider>
  );
}
