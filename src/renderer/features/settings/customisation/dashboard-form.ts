import { checkContrast, nearestPassingShade, type ContrastUse } from '../../../../shared/color';
import { DashboardDesignBody, type DashboardDesign } from '../../../../shared/domain/dashboard-design';
import { checkWith, type FieldErrors, type FormCheck } from '../../../components/settings/form';
import { DASHBOARD_TEXT as T } from './texts';

/** The dashboard editor's form: one text per colour (hex), and the font's family, category and variant. */
export interface DashboardValues {
  headerBackground: string;
  headerColor: string;
  principalBackground: string;
  principalColor: string;
  secundarioBackground: string;
  secundarioColor: string;
  consoleHeaderBackground: string;
  consoleHeaderColor: string;
  agentBackground: string;
  agentColor: string;
  customerBackground: string;
  customerColor: string;
  footerBackground: string;
  footerIcons: string;
  /** The family (the platform answers a refused one under 'fuente'). */
  fuente: string;
  categoria: string;
  variante: string;
}

type ColourField = Exclude<keyof DashboardValues, 'fuente' | 'categoria' | 'variante'>;

/**
 * SPEC §3's colour pairs of the dashboard design: where each side is in the form and in the
 * design, and its WCAG AA use (text 4.5:1; the footer's icons are UI parts, 3:1).
 */
export interface ColourPairSpec {
  label: string;
  background: ColourField;
  color: ColourField;
  /** The label of the pair's second side: its text, or its icons. */
  colorSide: string;
  use: ContrastUse;
  /** The pair's place in the design: colores.<path>.background / .color (or .iconsColor). */
  path: string;
  colorKey: 'color' | 'iconsColor';
}

const pair = (label: string, background: ColourField, color: ColourField, path: string, use: ContrastUse = 'text'): ColourPairSpec => ({
  label,
  background,
  color,
  colorSide: use === 'ui' ? T.icons : T.text,
  use,
  path,
  colorKey: use === 'ui' ? 'iconsColor' : 'color'
});

export const COLOUR_PAIRS: readonly ColourPairSpec[] = [
  pair(T.pairs.header, 'headerBackground', 'headerColor', 'header'),
  pair(T.pairs.principal, 'principalBackground', 'principalColor', 'principal'),
  pair(T.pairs.secundario, 'secundarioBackground', 'secundarioColor', 'secundario'),
  pair(T.pairs.consoleHeader, 'consoleHeaderBackground', 'consoleHeaderColor', 'asesorHumano.header'),
  pair(T.pairs.agent, 'agentBackground', 'agentColor', 'asesorHumano.mensajeAsesor'),
  pair(T.pairs.customer, 'customerBackground', 'customerColor', 'asesorHumano.mensajeCliente'),
  pair(T.pairs.footer, 'footerBackground', 'footerIcons', 'asesorHumano.footer', 'ui')
];

/** A field's label: 'Encabezado: fondo'. */
export const sideLabel = (p: ColourPairSpec, side: 'background' | 'color') => `${p.label}: ${side === 'background' ? T.background : p.colorSide}`;

export function valuesOf(d: DashboardDesign): DashboardValues {
  const c = d.colores;
  const a = c.asesorHumano;
  return {
    headerBackground: c.header.background,
    headerColor: c.header.color,
    principalBackground: c.principal.background,
    principalColor: c.principal.color,
    secundarioBackground: c.secundario.background,
    secundarioColor: c.secundario.color,
    consoleHeaderBackground: a.header.background,
    consoleHeaderColor: a.header.color,
    agentBackground: a.mensajeAsesor.background,
    agentColor: a.mensajeAsesor.color,
    customerBackground: a.mensajeCliente.background,
    customerColor: a.mensajeCliente.color,
    footerBackground: a.footer.background,
    footerIcons: a.footer.iconsColor,
    fuente: d.fuente.family,
    categoria: d.fuente.category,
    variante: d.fuente.variant
  };
}

/** The design the form spells (what it sends, and what the preview wears once it is valid). */
export function designOf(v: DashboardValues): DashboardDesign {
  return {
    colores: {
      header: { background: v.headerBackground, color: v.headerColor },
      principal: { background: v.principalBackground, color: v.principalColor },
      secundario: { background: v.secundarioBackground, color: v.secundarioColor },
      asesorHumano: {
        header: { background: v.consoleHeaderBackground, color: v.consoleHeaderColor },
        mensajeAsesor: { background: v.agentBackground, color: v.agentColor },
        mensajeCliente: { background: v.customerBackground, color: v.customerColor },
        footer: { background: v.footerBackground, iconsColor: v.footerIcons }
      }
    },
    fuente: { family: v.fuente, category: v.categoria, variant: v.variante }
  };
}

/** The field of each place in the body ('colores.header.background' → headerBackground). */
const FIELD_OF: Readonly<Record<string, keyof DashboardValues>> = {
  ...Object.fromEntries(COLOUR_PAIRS.flatMap((p) => [[`colores.${p.path}.background`, p.background], [`colores.${p.path}.${p.colorKey}`, p.color]])),
  'fuente.family': 'fuente',
  'fuente.category': 'fuente',
  'fuente.variant': 'variante'
};

/** A pair below its WCAG AA minimum: the message under its second side, and the nearest shade that passes. */
export interface ContrastFailure {
  pair: ColourPairSpec;
  message: string;
  shade: string;
}

/** The pair's contrast guard (null when it passes or a side is not a colour yet). */
export function contrastFailure(p: ColourPairSpec, v: DashboardValues): ContrastFailure | null {
  const background = v[p.background];
  const color = v[p.color];
  if (!HEX.test(background) || !HEX.test(color)) return null;
  const check = checkContrast({ background, color }, p.use);
  if (check.passes) return null;
  const shade = nearestPassingShade({ background, color }, p.use);
  return { pair: p, shade, message: T.contrastFailed(p.label, check.ratio, check.minimum, shade) };
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * Before a save: the catalogue body's own rules (hex colours, the font's fields, in Spanish),
 * each under its field, then WCAG AA on every pair (the message under the pair's text or icons
 * field names the pair and the nearest passing shade, which the field offers to apply).
 */
export function checkDesign(v: DashboardValues): FormCheck<DashboardDesign> {
  const checked = checkWith(DashboardDesignBody, designOf(v));
  const errors: FieldErrors = {};
  if (!checked.ok) {
    for (const [path, message] of Object.entries(checked.byPath)) {
      const field = FIELD_OF[path];
      if (field) errors[field] ??= message;
      else errors[''] ??= message;
    }
  }
  for (const p of COLOUR_PAIRS) {
    const failure = contrastFailure(p, v);
    if (failure) errors[p.color] ??= failure.message;
  }
  const first = Object.values(errors)[0];
  if (first === undefined && checked.ok) return checked;
  return { ok: false, errors, byPath: errors, first: first ?? '' };
}

/**
 * The design the preview wears while the form is being typed: the form's colours where they are
 * hex already, the last valid design's elsewhere (a half-typed '#12' never breaks the preview).
 */
export function previewDesign(v: DashboardValues, fallback: DashboardDesign): DashboardDesign {
  const typed = designOf(v);
  const last = valuesOf(fallback);
  const safe = { ...v };
  for (const p of COLOUR_PAIRS) {
    if (!HEX.test(v[p.background])) safe[p.background] = last[p.background];
    if (!HEX.test(v[p.color])) safe[p.color] = last[p.color];
  }
  return { ...designOf(safe), fuente: typed.fuente.family ? typed.fuente : fallback.fuente };
}
