import type { ColorPair, IconBar } from '../../../../../shared/domain/design';
import { WIDGET_COLOR_PARTS, type UpdateWidgetDesign, type WidgetColors, type WidgetDesign } from '../../../../../shared/domain/widget-design';
import { checkWith, type FormCheck } from '../../../../components/settings/form';
import { UpdateWidgetDesign as Body } from '../../../../../shared/domain/widget-design';

export type WidgetPart = keyof WidgetColors;
/** One colour of the form: '<part>.background' and '<part>.color' ('<part>.iconsColor' for the footer). */
export type ColourField = `${WidgetPart}.${'background' | 'color' | 'iconsColor'}`;
/** The form: each colour as typed (hex text), and the font's family and variant. */
export type WidgetValues = Record<ColourField, string> & { fontFamily: string; fontCategory: string; fontVariant: string };

export const textSide = (part: WidgetPart): 'color' | 'iconsColor' => (part === 'footer' ? 'iconsColor' : 'color');

/** The colour fields, part by part in the editor's order: its background, then its text (or icons). */
export const COLOUR_FIELDS: readonly { part: WidgetPart; label: string; background: ColourField; text: ColourField }[] = WIDGET_COLOR_PARTS.map(({ key, label }) => ({
  part: key,
  label,
  background: `${key}.background` as ColourField,
  text: `${key}.${textSide(key)}` as ColourField
}));

export function valuesOf(design: WidgetDesign): WidgetValues {
  const values = { fontFamily: design.font.family, fontCategory: design.font.category, fontVariant: design.font.variant } as WidgetValues;
  for (const { part, background, text } of COLOUR_FIELDS) {
    const pair = design.colores[part] as ColorPair | IconBar;
    values[background] = pair.background;
    values[text] = 'iconsColor' in pair ? pair.iconsColor : pair.color;
  }
  return values;
}

/** The body updateWidgetDesign takes (before its schema completes and checks it). */
export function bodyOf(values: WidgetValues, idVa: number): UpdateWidgetDesign {
  const colores = Object.fromEntries(
    COLOUR_FIELDS.map(({ part, background, text }) => [part, { background: values[background].trim(), [textSide(part)]: values[text].trim() }])
  ) as unknown as WidgetColors;
  return { idVa, colores, font: { family: values.fontFamily, category: values.fontCategory, variant: values.fontVariant } };
}

/** The draft as a design when every colour is hex (the preview's), else null. */
export function draftDesign(values: WidgetValues): WidgetDesign | null {
  const hex = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
  if (COLOUR_FIELDS.some(({ background, text }) => !hex.test(values[background].trim()) || !hex.test(values[text].trim()))) return null;
  const { idVa: _idVa, ...design } = bodyOf(values, 0);
  return design as WidgetDesign;
}

/**
 * The form checked with updateWidgetDesign's own schema (hex, and the contrast guard the platform
 * runs too); each message goes under its colour ('colores.mensajeCliente.color' → 'mensajeCliente.color').
 */
export function checkValues(values: WidgetValues, idVa: number): FormCheck<ReturnType<typeof Body.parse>> {
  const check = checkWith(Body, bodyOf(values, idVa));
  if (check.ok) return check;
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(check.byPath)) {
    const field = path.startsWith('colores.') ? path.slice('colores.'.length) : path === 'font.family' || path === 'font' ? 'fontFamily' : path.startsWith('font.') ? 'fontVariant' : '';
    errors[field] ??= message;
  }
  return { ...check, errors };
}
