import type { WidgetDesign } from '../../shared/domain/widget-design';
import { readable } from '../../shared/color';
import { widgetFontFace, widgetThemeVariables } from '../../shared/widget-theme';

/** The theme as CSS: its custom properties (colours validated #rgb/#rrggbb by WidgetDesign) and its font's @font-face. */
export function themeVariables(design: WidgetDesign): string {
  const vars = widgetThemeVariables(design);
  const face = widgetFontFace(design.font);
  const fontFace = face ? `@font-face{font-family:${face.family};src:url("${face.url}") format("woff2");font-weight:${face.weight};font-style:${face.style};font-display:swap}` : '';
  return `${fontFace}:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** #rgb → #rrggbb (the launcher's answer carries six digits). */
function sixDigits(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase() : hex.toLowerCase();
}

/** The loader's launcher bubble: the principal pair, made readable as the page's own are. */
export function launcherColors(design: WidgetDesign): { background: string; color: string } {
  const ok = readable(design.colores.principal);
  return { background: sixDigits(ok.background), color: sixDigits(ok.color) };
}
