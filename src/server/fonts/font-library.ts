import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { familyId, type WebFont } from '../../shared/domain/design';
import { variantFace } from '../../shared/font-stack';

/**
 * The web fonts the platform serves, offline: the list comes from google-font-metadata (the Google
 * Fonts Developer API's answer, shipped in the package; alphabetical: the data carries no popularity), the files from the
 * @fontsource packages installed beside the platform. The list answers only what can be served: a
 * family with an installed package, and of its variants those whose latin woff2 file the package has.
 * SPEC §9 caps the list at 200; the project installs a small set of popular families (package.json),
 * so the list is that set, not 200 families whose files nobody could load.
 */

const require = createRequire(import.meta.url);

/** One entry of google-font-metadata's data/api-response.json (the Developer API's item). */
interface MetadataEntry {
  family: string;
  category: string;
  variants: string[];
}

/** A servable family: its list entry and where its files are. */
export interface ServedFamily extends WebFont {
  /** The @fontsource package id (kebab-case family), also the /fonts/<id>/ path segment. */
  id: string;
  directory: string;
}

export { familyId };

export { variantFace };

function metadataEntries(): MetadataEntry[] {
  // The package's entry point loads every data set it has (tens of MB); the list needs one file.
  const file = join(dirname(require.resolve('google-font-metadata')), '..', 'data', 'api-response.json');
  return JSON.parse(readFileSync(file, 'utf8')) as MetadataEntry[];
}

function packageDirectory(id: string): string | null {
  try {
    return dirname(require.resolve(`@fontsource/${id}/package.json`));
  } catch {
    return null;
  }
}

/** The latin woff2 file of a family's variant, if its package has it. */
function faceFile(directory: string, id: string, variant: string): string | null {
  const face = variantFace(variant);
  if (!face) return null;
  const file = join(directory, 'files', `${id}-latin-${face.weight}-${face.style}.woff2`);
  return existsSync(file) ? file : null;
}

export interface FontLibrary {
  /** The servable families, in the metadata's order. */
  readonly families: readonly ServedFamily[];
  /** The file of a family id and variant, or null when the platform cannot serve it. */
  file(id: string, variant: string): string | null;
  /** Whether a chosen font (family, category and variant) is one the platform serves. */
  serves(font: { family: string; category: string; variant: string }): boolean;
}

/** Reads the metadata and the installed packages (once; the platform keeps the result). */
export function loadFontLibrary(): FontLibrary {
  const families: ServedFamily[] = [];
  for (const entry of metadataEntries()) {
    const id = familyId(entry.family);
    const directory = packageDirectory(id);
    if (!directory) continue;
    const variants = entry.variants.filter((variant) => faceFile(directory, id, variant) !== null);
    if (variants.length > 0) families.push({ id, directory, family: entry.family, category: entry.category, variants });
  }
  const byId = new Map(families.map((family) => [family.id, family]));
  return {
    families,
    file(id, variant) {
      const family = byId.get(id);
      return family && family.variants.includes(variant) ? faceFile(family.directory, id, variant) : null;
    },
    serves(font) {
      const family = byId.get(familyId(font.family));
      return family !== undefined && family.family === font.family && family.category === font.category && family.variants.includes(font.variant);
    }
  };
}

let library: FontLibrary | undefined;
/** The platform's font library, read on first use. */
export function fontLibrary(): FontLibrary {
  library ??= loadFontLibrary();
  return library;
}
