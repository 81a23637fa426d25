import type { WidgetDesign } from './domain/widget-design';
import { fontFilePath } from './domain/design';
import { readable } from './color';
import { cssFamily, fontStack, variantFace } from './font-stack';

/**
 * The widget's look from its design: the CSS custom properties its stylesheet (src/widget/widget.css)
 * reads, each text made readable on its background (src/shared/color.ts), and the font's face. One
 * code path for what customers get and the editor's preview shows: the page writes them into its
 * <style> (src/server/widget/page-style.ts), the preview sets them on the live page (src/widget/preview.ts).
 */
export function widgetThemeVariables(design: WidgetDesign): Record<string, string> {
  const c = design.colores;
  const pairs = (bg: string, fg: string, pair: { background: string; color: string }) => {
    const ok = readable(pair);
    return { [bg]: ok.background, [fg]: ok.color };
  };
  return {
    ...pairs('--header-bg', '--header-fg', c.header),
    ...pairs('--primary-bg', '--primary-fg', c.principal),
    ...pairs('--secondary-bg', '--secondary-fg', c.secundario),
    ...pairs('--human-bg', '--human-fg', c.asesorHumano),
    ...pairs('--agent-msg-bg', '--agent-msg-fg', c.mensajeAsesor),
    ...pairs('--client-msg-bg', '--client-msg-fg', c.mensajeCliente),
    '--footer-bg': c.footer.background,
    '--footer-icons': readable({ background: c.footer.background, color: c.footer.iconsColor }, 'ui').color,
    ...pairs('--popup-bg', '--popup-fg', c.popups),
    ...pairs('--step-bg', '--step-fg', c.botonesPasos),
    '--font': fontStack(design.font)
  };
}

/** The design's font face: its file on the platform (/fonts/<family-id>/<variant>.woff2, font-src 'self'); null for a variant that names no face. */
export function widgetFontFace(font: WidgetDesign['font']): { family: string; url: string; weight: number; style: 'normal' | 'italic' } | null {
  const face = variantFace(font.variant);
  if (!face) return null;
  return { family: cssFamily(font.family), url: fontFilePath(font), ...face };
}
