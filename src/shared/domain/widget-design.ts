import { z } from 'zod';
import { checkContrast, nearestPassingShade, type ContrastUse } from '../color';
import { ColorPair, completeFrom, FontChoice, IconBar, jsonText, PartialColorPair, PartialFontChoice, PartialIconBar } from './design';
import { ImageUrl, PositiveInt } from './fields';

/** SPEC §3 "Widget design" colours: header, principal, secundario, asesorHumano, the agent and client chat messages, footer, popups and step buttons. */
export const WidgetColors = z.object({
  header: ColorPair,
  principal: ColorPair,
  secundario: ColorPair,
  asesorHumano: ColorPair,
  mensajeAsesor: ColorPair,
  mensajeCliente: ColorPair,
  footer: IconBar,
  popups: ColorPair,
  botonesPasos: ColorPair
});
export type WidgetColors = z.infer<typeof WidgetColors>;

export const WidgetDesign = z.object({ colores: WidgetColors, font: FontChoice });
export type WidgetDesign = z.infer<typeof WidgetDesign>;

/**
 * SPEC §3 default widget theme: principal 1973bb on white, header 0298b1 on white, secondary
 * 0298b1, advisor message 639ad9, font Roboto sans-serif. The colours SPEC does not give
 * (asesorHumano, client message, footer, popups, step buttons) follow the same palette.
 */
export const DEFAULT_WIDGET_THEME: WidgetDesign = {
  colores: {
    header: { background: '#0298b1', color: '#ffffff' },
    principal: { background: '#1973bb', color: '#ffffff' },
    secundario: { background: '#0298b1', color: '#ffffff' },
    asesorHumano: { background: '#0298b1', color: '#ffffff' },
    mensajeAsesor: { background: '#639ad9', color: '#ffffff' },
    mensajeCliente: { background: '#f1f3f4', color: '#1f1f1f' },
    footer: { background: '#ffffff', iconsColor: '#1973bb' },
    popups: { background: '#ffffff', color: '#1f1f1f' },
    botonesPasos: { background: '#1973bb', color: '#ffffff' }
  },
  font: { family: 'Roboto', category: 'sans-serif', variant: 'regular' }
};

/** The colour parts of the widget, in the editor's order, with their Spanish names and how each is checked. */
export const WIDGET_COLOR_PARTS = [
  { key: 'header', label: 'Encabezado', use: 'text' },
  { key: 'principal', label: 'Principal', use: 'text' },
  { key: 'secundario', label: 'Secundario', use: 'text' },
  { key: 'asesorHumano', label: 'Asesor humano', use: 'text' },
  { key: 'mensajeAsesor', label: 'Mensaje del asesor', use: 'text' },
  { key: 'mensajeCliente', label: 'Mensaje del cliente', use: 'text' },
  { key: 'footer', label: 'Pie de página e iconos', use: 'ui' },
  { key: 'popups', label: 'Ventanas emergentes', use: 'text' },
  { key: 'botonesPasos', label: 'Botones de pasos', use: 'text' }
] as const satisfies readonly { key: keyof WidgetColors; label: string; use: ContrastUse }[];

/** A part's colours as the contrast guard reads them: the footer's icons on its background, every other text on its own. */
export function partPair(colores: WidgetColors, key: keyof WidgetColors): ColorPair {
  const part = colores[key];
  return 'iconsColor' in part ? { background: part.background, color: part.iconsColor } : part;
}

export const WIDGET_DESIGN_TEXT = {
  contrast: (label: string, ratio: number, minimum: number, shade: string) =>
    `${label}: el contraste entre el color y su fondo es ${ratio.toFixed(2).replace('.', ',')}:1 y debe ser al menos ${String(minimum).replace('.', ',')}:1. El tono más cercano que cumple es ${shade}`
} as const;

/** A part whose colour does not reach WCAG AA on its background, with the nearest shade that does. */
export interface ContrastFailure {
  key: keyof WidgetColors;
  label: string;
  /** Which side the shade replaces: 'color', or 'iconsColor' for the footer. */
  side: 'color' | 'iconsColor';
  ratio: number;
  minimum: number;
  shade: string;
  message: string;
}

const sameColour = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The contrast guard of a widget design (src/shared/color.ts, as the dashboard's): every text on
 * its background reaches 4.5:1 and the footer's icons 3:1, the customer's own bubble included.
 * The editor runs it before saving and the platform again on the body (UpdateWidgetDesign).
 * A pair left exactly as SPEC §3's default theme is admitted: SPEC fixes those values (white on
 * 0298b1 is 3.4:1), and the page shows every pair through `readable` (src/shared/widget-theme.ts),
 * which darkens such a text to its nearest passing shade; a pair the admin chose must pass as chosen.
 */
export function widgetContrastFailures(colores: WidgetColors): ContrastFailure[] {
  return WIDGET_COLOR_PARTS.flatMap(({ key, label, use }) => {
    const pair = partPair(colores, key);
    const fallback = partPair(DEFAULT_WIDGET_THEME.colores, key);
    if (sameColour(pair.background, fallback.background) && sameColour(pair.color, fallback.color)) return [];
    const check = checkContrast(pair, use);
    if (check.passes) return [];
    const shade = nearestPassingShade(pair, use);
    return [{ key, label, side: key === 'footer' ? 'iconsColor' : 'color', ratio: check.ratio, minimum: check.minimum, shade, message: WIDGET_DESIGN_TEXT.contrast(label, check.ratio, check.minimum, shade) }];
  });
}

/** GET getWidgetDesign/** GET getWidgetDesign: colores and font come as JSON strings (SPEC §7); parsed here. */
export const WidgetDesignAnswer = z.object({ idVa: z.number().int(), colores: jsonText(WidgetColors), font: jsonText(FontChoice) });
const partial = Object.fromEntries(WIDGET_COLOR_PARTS.map(({ key }) => [key, (key === 'footer' ? PartialIconBar : PartialColorPair).optional()])) as Record<
  Exclude<keyof WidgetColors, 'footer'>,
  z.ZodOptional<typeof PartialColorPair>
> & { footer: z.ZodOptional<typeof PartialIconBar> };

/**
 * POST updateWidgetDesign (body not shown in SPEC): { idVa, colores, font } as objects, any part of
 * which may be missing (a pair, one side of it, the font or one of its fields): it is completed from
 * DEFAULT_WIDGET_THEME, so a design is never stored half. Colours are hex; every pair then passes
 * the contrast guard (a failing one is refused naming it and the nearest passing shade); unknown
 * keys are refused. The platform also refuses a font it does not serve.
 */
export const UpdateWidgetDesign = z
  .strictObject({ idVa: PositiveInt, colores: z.strictObject(partial).optional(), font: PartialFontChoice.optional() })
  .transform(({ idVa, colores, font }) => ({ idVa, ...completeFrom(DEFAULT_WIDGET_THEME, { colores, font }) }))
  .superRefine((design, ctx) => {
    for (const failure of widgetContrastFailures(design.colores)) ctx.addIssue({ code: 'custom', path: ['colores', failure.key, failure.side], message: failure.message });
  });
export type UpdateWidgetDesign = z.input<typeof UpdateWidgetDesign>;

/**
 * SPEC §3 "Avatar image url", set or cleared (SPEC §4): an uploaded file's url (the uploadDesignImage
 * answer), or '' to clear it.
 */
export const AvatarBody = z.object({ url: z.union([z.literal(''), ImageUrl]) });
