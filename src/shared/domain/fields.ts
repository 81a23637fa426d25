import { z } from 'zod';

/**
 * Field schemas shared by the SPEC §3 entities and the catalogue's query/body schemas.
 * Query strings arrive as text, so the query-side schemas accept strings and coerce.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The largest value of a PostgreSQL integer (int4) column: every id and counter of the platform
 * lives in one, so a larger number is refused where it is parsed (a 400), never at the database.
 */
export const INT4_MAX = 2147483647;

/** PostgreSQL text cannot hold the NUL character: text carrying one is refused where it is parsed. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}
export const NO_NUL = { message: 'El texto contiene caracteres no permitidos' } as const;

/**
 * Whether a text holds no control character (Unicode Cc: C0 — NUL, tab, CR, LF, ESC… —, DEL and
 * C1). For single-line values the platform hands to another protocol as they are (an LDAP bind
 * DN or password written to a directory's socket): a CR/LF there is a command to whatever listens.
 */
export function hasNoControl(value: string): boolean {
  return !/\p{Cc}/u.test(value);
}

/**
 * The URL fields the server itself connects to (an LDAP directory's): besides its schema's checks,
 * such a value is refused by the route when it points at loopback, private or reserved addresses
 * (src/server/ldap/address-rules.ts). Registered here so the contract says so, and so the generated
 * hostile-input suite tries those addresses on every such field (tests/integration/server).
 */
export const serverReachedUrls = z.registry<{ reachedBy: string }>();

/**
 * The calendar window every date of a filter must fall in: the platform holds no data before 2000,
 * and the end of 2100 shifted to Bogotá (UTC−5) stays far from the year 9999 the engines stop at.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** Whether 'yyyy-MM-dd' names a day that exists (rejects 2026-13-01, 2026-02-30). */
export function isRealDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar day as 'yyyy-MM-dd' (the filter's format). */
export function dayString(label: string) {
  return z
    .string({ message: `La fecha ${label} es obligatoria` })
    .regex(DAY, { message: `La fecha ${label} debe tener el formato yyyy-MM-dd` })
    .refine(isRealDay, { message: `La fecha ${label} no es una fecha válida` })
    .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, { message: `La fecha ${label} debe estar entre ${FIRST_DAY} y ${LAST_DAY}` });
}

/** A time of day 'HH:mm' (00:00–23:59). */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'La hora debe tener el formato HH:mm' });

/** A timestamp as the server sends it: ISO-8601 text. */
export const Timestamp = z.string().min(1);

/** A conversation id (the platform's conversations use text ids). */
export const ConversationId = z
  .string()
  .trim()
  .min(1, { message: 'El identificador de la conversación es obligatorio' })
  .max(100, { message: 'El identificador de la conversación no puede superar 100 caracteres' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'El identificador de la conversación no es válido' });

/** A '#rrggbb' (or '#rgb') colour. */
export const HexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'El color debe tener el formato #rrggbb' });

/** A required, trimmed text with Spanish messages. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} es obligatorio` })
    .trim()
    .min(1, { message: `${label} es obligatorio` })
    .max(max, { message: `${label} no puede superar ${max} caracteres` })
    .refine(hasNoNul, { message: `${label} contiene caracteres no permitidos` });
}

/** An optional free text (may be empty). */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { message: `${label} no puede superar ${max} caracteres` })
    .refine(hasNoNul, { message: `${label} contiene caracteres no permitidos` });
}

/** A positive integer in a JSON body (an int4 id). */
export const PositiveInt = z
  .number({ message: 'Debe ser un número' })
  .int({ message: 'Debe ser un número entero' })
  .positive({ message: 'Debe ser un número positivo' })
  .max(INT4_MAX, { message: `Debe ser un número menor o igual a ${INT4_MAX}` });

/** A non-negative int4 counter in a JSON body or socket payload (a sequence number). */
export const Counter = z
  .number({ message: 'Debe ser un número' })
  .int({ message: 'Debe ser un número entero' })
  .nonnegative({ message: 'Debe ser un número mayor o igual a 0' })
  .max(INT4_MAX, { message: `Debe ser un número menor o igual a ${INT4_MAX}` });

/** A non-negative integer in a response (counts). */
export const Count = z.number().int().nonnegative();

/** An integer within bounds in a JSON body, with Spanish messages. */
export function intBetween(label: string, min: number, max: number) {
  if (min < -INT4_MAX - 1 || max > INT4_MAX) throw new Error(`intBetween(${label}): ${min}..${max} leaves the int4 range`);
  return z
    .number({ message: `${label} debe ser un número` })
    .int({ message: `${label} debe ser un número entero` })
    .min(min, { message: `${label} debe ser al menos ${min}` })
    .max(max, { message: `${label} no puede superar ${max}` });
}

/** A boolean in a query string: 'true' / 'false' (a boolean is also accepted from in-process callers). */
export const QueryBool = z.union([z.boolean(), z.enum(['true', 'false'], { message: 'Debe ser true o false' }).transform((v) => v === 'true')]);

/**
 * A list of positive integer ids in a query string: '1,2,3' (or repeated keys, or numbers from an
 * in-process caller). Blank items are ignored; an empty list means "no restriction".
 */
export const IdList = z
  .union([z.string().max(4000), z.array(z.union([z.string().max(20), z.number()])).max(500)])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.map(String) : value.split(',')).map((p) => p.trim()).filter((p) => p !== '');
    const ids: number[] = [];
    for (const part of parts) {
      const n = Number(part);
      if (!/^\d+$/.test(part) || !Number.isSafeInteger(n) || n <= 0 || n > INT4_MAX) {
        ctx.addIssue({ code: 'custom', message: 'La lista debe contener números enteros positivos separados por comas' });
        return z.NEVER;
      }
      ids.push(n);
    }
    return [...new Set(ids)];
  });

/**
 * Where an uploaded image lives: an http(s) URL, or a file served by the platform's multimedia
 * download ('/api/multimedia/descargar/{id}').
 */
export const ImageUrl = z
  .string()
  .trim()
  .max(2048, { message: 'La URL no puede superar 2048 caracteres' })
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/api\/multimedia\/descargar\/[A-Za-z0-9_-]+$/.test(v), {
    message: 'La URL de la imagen no es válida'
  });
