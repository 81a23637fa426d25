import { readable, shadeAwayFromText } from '../../../shared/color';
import type { DashboardDesign } from '../../../shared/domain/dashboard-design';
import type { ColorPair } from '../../../shared/domain/design';

/** The neutral text Fluent's light theme writes with: the footer's text starts from it (the design gives the footer none). */
const NEUTRAL_TEXT = '#242424';

/** The footer of the agent console: its background, its text and its icons (each made readable on the background). */
export interface FooterColours {
  background: string;
  color: string;
  icons: string;
}

/**
 * What the app paints with a dashboard design (SPEC §3), each text made readable on its background
 * (src/shared/color.ts `readable`: the configured colour when it reaches WCAG AA, else its nearest
 * passing shade), so the product stays readable whatever a stored design says. The app and the
 * editor's live preview both paint from here: one code path.
 */
export interface WornColours {
  /** The top bar: colores.header. */
  header: ColorPair;
  /** The side menu: colores.secundario. */
  drawer: ColorPair;
  /** Its entries' hover background: the drawer's shifted away from its text, so hovering never lowers the contrast. */
  drawerHover: string;
  /** The agent console's bar: colores.asesorHumano.header. */
  consoleHeader: ColorPair;
  /** The agent console's composer: colores.asesorHumano.footer (icons at the 3:1 of UI parts). */
  consoleFooter: FooterColours;
  /** The bubbles of the agent and of the customer. */
  asesor: ColorPair;
  cliente: ColorPair;
}

export function wornColours(design: DashboardDesign): WornColours {
  const c = design.colores;
  const footer = c.asesorHumano.footer;
  const drawer = readable(c.secundario);
  return {
    header: readable(c.header),
    drawer,
    drawerHover: shadeAwayFromText(drawer),
    consoleHeader: readable(c.asesorHumano.header),
    consoleFooter: {
      background: footer.background,
      color: readable({ background: footer.background, color: NEUTRAL_TEXT }).color,
      icons: readable({ background: footer.background, color: footer.iconsColor }, 'ui').color
    },
    asesor: readable(c.asesorHumano.mensajeAsesor),
    cliente: readable(c.asesorHumano.mensajeCliente)
  };
}
