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
