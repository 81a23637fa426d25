import { z } from 'zod';
import { HexColor, NO_NUL, hasNoNul } from './fields';
import { UploadPayload } from './media';

/** Building blocks shared by the dashboard and widget designs (SPEC §3). */
export const ColorPair = z.object({ background: HexColor, color: HexColor });
export type ColorPair = z.infer<typeof ColorPair>;
export const IconBar = z.object({ background: HexColor, iconsColor: HexColor });
export type IconBar = z.infer<typeof IconBar>;

/** A chosen web font: family, category and one variant. */
export const FontChoice = z.object({
  family: z.string().trim().min(1, { message: 'La fuente es obligatoria' }).max(100).refine(hasNoNul, NO_NUL),
  category: z.string().trim().min(1).max(40).refine(hasNoNul, NO_NUL),
  variant: z.string().trim().min(1).max(40).refine(hasNoNul, NO_NUL)
});
export type FontChoice = z.infer<typeof FontChoice>;

/** The parts of a design body that may come half (a pair's side, the font's fields); unknown keys refused. */
export const PartialColorPair = ColorPair.partial().strict();
export const PartialIconBar = IconBar.partial().strict();
export const PartialFontChoice = FontChoice.partial().strict();

/** A design with any part missing, down to a pair's side. */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/**
 * A design body completed from `fallback`, part by part, at every depth: what the body holds wins,
 * what it lacks comes from the default, so a design is never stored half (the dashboard's and the
 * widget's update bodies). Only the default's keys are read: the body schemas refuse any other.
 */
export function completeFrom<T extends object>(fallback: T, partial: DeepPartial<T> | undefined): T {
  const given = (partial ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fallback)) {
    out[key] = value !== null && typeof value === 'object' ? completeFrom(value as object, given[key] as DeepPartial<object> | undefined) : (given[key] ?? value);
  }
  return out as T;
}

/** One entry of the web-fonts list (category, family, variants). */
export const WebFont = z.object({ family: z.string(), category: z.string(), variants: z.array(z.string()) });
export type WebFont = z.infer<typeof WebFont>;
export const WebFontList = z.object({ items: z.array(WebFont) });
/** The list is capped at 200 entries (SPEC §9). */
export const FontListQuery = z.object({
  limit: z.coerce
    .number({ message: 'El límite debe ser un número' })
    .int({ message: 'El límite debe ser un número entero' })
    .min(1, { message: 'El límite debe estar entre 1 y 200' })
    .max(200, { message: 'El límite debe estar entre 1 y 200' })
    .default(200)
});

/** An image reference as the design services answer it. Empty means "none" (an error for the client, SPEC §5). */
export const ImageAnswer = z.object({ url: z.string() });

/**
 * A column that travels as JSON text (the widget's colores and font, SPEC §7): parsed and validated
 * against `schema`; unparsable text is a validation error. An already-parsed value is accepted too,
 * so a document that went through this schema once (e.g. a validated server reply) still parses.
 */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'El contenido no es JSON válido' });
      return value;
    }
  }, schema);
}

/** The kebab-case id @fontsource gives a family ('Source Sans 3' → 'source-sans-3'): the /fonts/<id>/ path segment. */
export function familyId(family: string): string {
  return family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Where the platform serves a font's file (src/server/fonts): relative to its base address. */
export function fontFilePath(font: Pick<FontChoice, 'family' | 'variant'>): string {
  return `/fonts/${familyId(font.family)}/${font.variant}.woff2`;
}

/** uploadDesignImage: a logo or avatar as the upload payload (base64), not tied to a conversation. */
export const DesignImageUpload = UploadPayload.omit({ conversationId: true });
export type DesignImageUpload = z.infer<typeof DesignImageUpload>;
