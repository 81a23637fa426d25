import { z } from 'zod';
import { ColorPair, completeFrom, FontChoice, IconBar, PartialColorPair, PartialFontChoice, PartialIconBar, type DeepPartial } from './design';
import { ImageUrl, PositiveInt } from './fields';
import { DEFAULT_WIDGET_THEME } from './widget-design';
import { readable } from '../color';

/** The logo: a PNG, JPEG or WebP of at most 2 MB (SVG refused: no sanitiser); the platform also checks its sides. */
export const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

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
 * default widget theme's colours (SPEC §3) so both look alike out of the box, with each text colour
 * the one the app wears on them — the nearest shade that meets WCAG AA (src/shared/color.ts: white
 * on the SPEC's light teal is 3,4:1) — so the default passes the editor's own check unchanged.
 */
const widget = DEFAULT_WIDGET_THEME.colores;
export const DEFAULT_DASHBOARD_DESIGN: DashboardDesign = {
  colores: {
    header: readable(widget.header),
    principal: readable(widget.principal),
    secundario: readable(widget.secundario),
    asesorHumano: {
      header: readable(widget.header),
      mensajeAsesor: readable(widget.mensajeAsesor),
      mensajeCliente: readable(widget.mensajeCliente),
      footer: { background: '#ffffff', iconsColor: readable({ background: '#ffffff', color: widget.header.background }, 'ui').color }
    }
  },
  fuente: DEFAULT_WIDGET_THEME.font
};

/**
 * The body of updateDashboardDesign: the design, any part of which may be missing (a colour pair,
 * one side of a pair, the font or one of its fields). What is missing is completed from
 * DEFAULT_DASHBOARD_DESIGN, so a design is never stored half; what is there is validated (hex
 * colours, the font's fields; the platform then refuses a font it does not serve). A key it does
 * not know is refused, so nothing else can stand in for a part.
 */
export const DashboardDesignBody = z
  .strictObject({
    colores: z
      .strictObject({
        header: PartialColorPair.optional(),
        principal: PartialColorPair.optional(),
        secundario: PartialColorPair.optional(),
        asesorHumano: z
          .strictObject({
            header: PartialColorPair.optional(),
            mensajeAsesor: PartialColorPair.optional(),
            mensajeCliente: PartialColorPair.optional(),
            footer: PartialIconBar.optional()
          })
          .optional()
      })
      .optional(),
    fuente: PartialFontChoice.optional()
  })
  .transform(completeDesign);
export type DashboardDesignBody = z.input<typeof DashboardDesignBody>;

/** A partial design completed from the default, part by part. */
export function completeDesign(body: DeepPartial<DashboardDesign>): DashboardDesign {
  return completeFrom(DEFAULT_DASHBOARD_DESIGN, body);
}

/** The last ten saved versions of an organisation's design are kept (issue 40). */
export const DASHBOARD_DESIGN_VERSIONS_KEPT = 10;

/** One kept version: its number, when and by whom it was saved, the design and the logo url ('' for none). */
export const DashboardDesignVersion = z.object({
  version: z.number().int(),
  fechaCreacion: z.string(),
  creadoPor: z.string().nullable(),
  design: DashboardDesign,
  logoUrl: z.string()
});
export type DashboardDesignVersion = z.infer<typeof DashboardDesignVersion>;
export const DashboardDesignVersionList = z.object({ items: z.array(DashboardDesignVersion) });
export const RestoreDashboardDesignBody = z.object({ version: PositiveInt });

/** SPEC §3 "Logo" (client-side): the picked file (if any) and its url. */
export interface Logo {
  file: Blob | null;
  url: string;
}

/** getDashboardImage / updateDashboardtImage answer: the logo url in `Imagen` (SPEC §7). */
export const DashboardImage = z.object({ Imagen: z.string() });
export const DashboardImageBody = z.object({ url: ImageUrl });
