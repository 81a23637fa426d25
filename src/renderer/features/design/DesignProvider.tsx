import { useEffect, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FluentProvider } from '@fluentui/react-components';
import { fontFaceRule } from '../../../shared/font-stack';
import { designThemeAtom, designViewAtom } from './atoms';

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

/** The design's font file as an @font-face rule, in one style element of the document's head. */
function useFontFace(): void {
  const { design, font } = useAtomValue(designViewAtom);
  const rule = font ? fontFaceRule(design.fuente, font) : null;
  useEffect(() => {
    if (!rule) return;
    const style = document.createElement('style');
    style.dataset.designFont = design.fuente.family;
    style.textContent = rule;
    document.head.appendChild(style);
    return () => style.remove();
  }, [rule, design.fuente.family]);
}

/** The app's FluentProvider, wearing the organisation's design live. */
export function DesignProvider({ children }: { children: ReactNode }) {
  useDesignSync();
  useFontFace();
  const theme = useAtomValue(designThemeAtom);
  return (
    <FluentProvider theme={theme} id="app-provider">
      {children}
    </FluentProvider>
  );
}
