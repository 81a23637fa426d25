import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FluentProvider } from '@fluentui/react-components';
import { fontFaceRule } from '../../../shared/font-stack';
import type { DesignView } from '../../../shared/ipc';
import { designTheme } from '../../components/brand-theme';
import { designViewAtom } from './atoms';
import { wornColours, type WornColours } from './wear';

/** The design a live preview wears instead of the app's (the editor's draft); null outside a preview. */
const PreviewView = createContext<DesignView | null>(null);

/** The design view a component wears: the preview's inside a DesignPreview, else the app's (designViewAtom). */
export function useDesignView(): DesignView {
  const preview = useContext(PreviewView);
  const app = useAtomValue(designViewAtom);
  return preview ?? app;
}

/** The colours a component paints with (wear.ts), of the design it wears. */
export function useWornColours(): WornColours {
  const { design } = useDesignView();
  return useMemo(() => wornColours(design), [design]);
}

/** A design's font file as an @font-face rule, in one style element of the document's head while mounted. */
export function useFontFace(view: Pick<DesignView, 'design' | 'font'>): void {
  const { design, font } = view;
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

/**
 * A part of the page that wears another design than the app (the dashboard editor's live preview):
 * a nested FluentProvider with designTheme(view.design), its font face, and the components inside
 * painting from the same wear.ts as the app does (useWornColours) — what the admin sees is what the
 * agents get.
 */
export function DesignPreview({ view, className, children }: { view: DesignView; className?: string; children: ReactNode }) {
  useFontFace(view);
  const theme = useMemo(() => designTheme(view.design), [view.design]);
  return (
    <PreviewView.Provider value={view}>
      <FluentProvider theme={theme} className={className}>
        {children}
      </FluentProvider>
    </PreviewView.Provider>
  );
}
