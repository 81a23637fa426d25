import type { WidgetDesign } from '../../shared/domain/widget-design';
import { readable } from '../../shared/color';
import { fontStack } from '../../shared/font-stack';

/** The theme as CSS custom properties (colours are validated #rgb/#rrggbb by WidgetDesign). */
export function themeVariables(design: WidgetDesign): string {
  const c = design.colores;
  const pairs = (bg: string, fg: string, pair: { background: string; color: string }) => {
    const ok = readable(pair);
    return { [bg]: ok.background, [fg]: ok.color };
  };
  const vars: Record<string, string> = {
    ...pairs('--header-bg', '--header-fg', c.header),
    ...pairs('--primary-bg', '--primary-fg', c.principal),
    ...pairs('--secondary-bg', '--secondary-fg', c.secundario),
    ...pairs('--human-bg', '--human-fg', c.asesorHumano),
    ...pairs('--agent-msg-bg', '--agent-msg-fg', c.mensajeAsesor),
    ...pairs('--client-msg-bg', '--client-msg-fg', c.mensajeCliente),
    '--footer-bg': c.footer.background,
    '--footer-icons': c.footer.iconsColor,
    ...pairs('--popup-bg', '--popup-fg', c.popups),
    ...pairs('--step-bg', '--step-fg', c.botonesPasos),
    '--font': fontStack(design.font)
  };
  return `:root{${Object.entries(vars)
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
