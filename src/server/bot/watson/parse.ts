import type { z } from 'zod';
import { WatsonExport } from './export-schema';

/** The largest export accepted (SPEC-free; the issue's figure). */
export const WATSON_MAX_BYTES = 10 * 1024 * 1024;

export type ParseResult = { ok: true; data: WatsonExport } | { ok: false; path: string; reason: string };

const TYPE_NAMES: Record<string, string> = { string: 'un texto', array: 'una lista', object: 'un objeto', number: 'un número' };

/** A JSON path as people read it: $.dialog_nodes[3].output.text. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((p, key) => (typeof key === 'number' ? `${p}[${key}]` : `${p}.${String(key)}`), '$');
}

/** The first problem of a zod refusal, in Spanish. */
function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `se esperaba ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  if (issue.code === 'too_small') return 'no puede estar vacío';
  if (issue.code === 'invalid_union') return 'debe ser un texto, una lista de textos o un objeto { values, selection_policy }';
  return 'valor no válido';
}

type Problem = { path: PropertyKey[]; reason: string };

/**
 * The first thing of the document Atiende refuses whatever the export's shape: a text (key or
 * value) holding a NUL, which PostgreSQL text cannot store, and the prototype-pollution keys the
 * platform's JSON parser refuses everywhere else (`__proto__`, `constructor.prototype`).
 */
export function firstForbidden(value: unknown, path: PropertyKey[] = []): Problem | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, reason: 'contiene un carácter nulo' } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstForbidden(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { path: [...path, key], reason: 'contiene un carácter nulo' };
      if (key === '__proto__' || (key === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype'))) return { path: [...path, key], reason: 'clave no permitida' };
      const found = firstForbidden(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Reads an export's bytes: at most WATSON_MAX_BYTES, UTF-8 with or without a byte-order mark, JSON,
 * no NUL and no prototype-pollution key anywhere, the shape of WatsonExport. A refusal names the first problem: its JSON path and why, in Spanish.
 */
export function parseWatsonExport(bytes: Uint8Array): ParseResult {
  if (bytes.byteLength > WATSON_MAX_BYTES) return { ok: false, path: '$', reason: `el archivo supera ${WATSON_MAX_BYTES / 1024 / 1024} MB` };
  let source: string;
  try {
    // ignoreBOM false (the default) drops a leading UTF-8 byte-order mark.
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, path: '$', reason: 'el archivo no está codificado en UTF-8' };
  }
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    return { ok: false, path: '$', reason: `no es JSON válido (${error instanceof Error ? error.message : String(error)})` };
  }
  const forbidden = firstForbidden(json);
  if (forbidden) return { ok: false, path: jsonPath(forbidden.path), reason: forbidden.reason };
  const parsed = WatsonExport.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return issue ? { ok: false, path: jsonPath(issue.path), reason: reasonOf(issue) } : { ok: false, path: '$', reason: 'valor no válido' };
}
