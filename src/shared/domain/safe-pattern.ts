import safeRegex from 'safe-regex2';

/** The longest validation pattern a field may store. */
export const MAX_PATTERN = 200;

/** A quantified group holding an alternation, '(a|ab)*': overlapping branches backtrack exponentially. */
const REPEATED_ALTERNATION = /\([^()]*\|[^()]*\)\s*(?:[*+]|\{\d*,\d*\})/;
/** A back-reference ('\1', '\k<name>'): matching it is not regular, and its cost has no bound. */
const BACK_REFERENCE = /\\(?:[1-9]|k<)/;

/**
 * Why a stored validation pattern is refused, in Spanish, or null when it may be stored: it must
 * compile (as the widget and the platform run it, whole-answer and with the 'u' flag), be short,
 * and not backtrack catastrophically (safe-regex2's star-height check, plus no repeated
 * alternation and no back-reference), since it runs on every customer's answer on the platform.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN) return `El patrón de validación no puede superar ${MAX_PATTERN} caracteres`;
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return 'El patrón de validación no es una expresión regular válida';
  }
  if (!safeRegex(pattern) || REPEATED_ALTERNATION.test(pattern) || BACK_REFERENCE.test(pattern)) {
    return 'El patrón de validación puede tardar demasiado en evaluarse; simplifíquelo (sin repeticiones anidadas ni alternativas repetidas)';
  }
  return null;
}
