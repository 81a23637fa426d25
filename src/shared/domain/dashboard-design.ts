import { z } from 'zod';
import { ColorPair, FontChoice, IconBar } from './design';
import { ImageUrl } from './fields';
import { DEFAULT_WIDGET_THEME } from './widget-design';

/** SPEC §3 "Dashboard design". */
export const DashboardDesign = z.object({
  colores: z.object({
    header: ColorPair,
    principal: ColorPair,
    secundario: ColorPair,
    asesorHumano: z.object({ header: ColorPair, mensajeAsesor: ColorPair, mensajeCliente: ColorPair, footer: IconBar })
  }),
  /** SPEC names fuente "with variant"; it carries family and category as the widget's font does. */
  fuente: FontChoice
});
export type DashboardDesign = z.infer<typeof DashboardDesign>;

/**
 * The design used when none comes back (SPEC §8). SPEC gives no dashboard values; these reuse the
 * default widget theme's colours (SPEC §3) so both look alike out of the box.
 */
const widget = DEFAULT_WIDGET_THEME.colores;
export const DEFAULT_DASHBOARD_DESIGN: DashboardDesign = {
  colores: {
    header: widget.header,
    principal: widget.principal,
    secundario: widget.secundario,
    asesorHumano: {
      header: widget.header,
      mensajeAsesor: widget.mensajeAsesor,
      mensajeCliente: widget.mensajeCliente,
      footer: { background: '#ffffff', iconsColor: widget.header.background }
    }
  },
  fuente: DEFAULT_WIDGET_THEME.font
};

/** SPEC §3 "Logo" (client-side): the picked file (if any) and its url. */
export interface Logo {
  file: Blob | null;
  url: string;
}

/** getDashboardImage / updateDashboardtImage answer: the logo url in `Imagen` (SPEC §7). */
export const DashboardImage = z.object({ Imagen: z.string() });
export const DashboardImageBody = z.object({ url: ImageUrl });
