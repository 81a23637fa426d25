import { Liquid } from 'liquidjs';
import type { EventVariable, NotificationEvent } from './events';

/**
 * Issue 39: the one Liquid engine of the notification templates, the same on the platform (save,
 * preview, send) and in the editor (its live SMS count). Sandboxed: no template can read a file
 * ({% include %}, {% render %} and {% layout %} see an empty in-memory set), read anything but a
 * value's own properties, or run past the parse, render and memory limits; strict: an unknown
 * variable or filter is an error, not an empty string.
 */
const engine = new Liquid({
  templates: {},
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  timezoneOffset: 'America/Bogota',
  parseLimit: 100_000,
  renderLimit: 1_000,
  memoryLimit: 10_000_000
});

export type TemplateVariables = Record<string, unknown>;

/** The three Liquid texts of a template (subject and body of an e-mail, or the SMS). */
export type TemplatePart = 'subject' | 'body' | 'sms';
export const TEMPLATE_PART_LABELS: Record<TemplatePart, string> = { subject: 'El asunto', body: 'El cuerpo del correo', sms: 'El cuerpo del SMS' };

/** A Liquid problem as the editor shows it: which text, and why (Spanish). */
export interface TemplateProblem {
  part: TemplatePart;
  message: string;
}

/** liquidjs's message in Spanish (the editor shows it under the field): the common cases by name, the rest by position. */
export function liquidReason(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const at = /line:(\d+), col:(\d+)/.exec(text);
  const where = at ? ` (línea ${at[1]}, columna ${at[2]})` : '';
  const named = (pattern: RegExp) => pattern.exec(text)?.[1] ?? '';
  if (/undefined variable/.test(text)) return `la variable «${named(/undefined variable: ([^,]+)/)}» no existe${where}`;
  if (/undefined filter/.test(text)) return `el filtro «${named(/undefined filter: ([^,]+)/)}» no existe${where}`;
  if (/tag .* not found/.test(text)) return `la etiqueta «${named(/tag "?([^" ]+)"? not found/)}» no existe${where}`;
  if (/ENOENT|Failed to lookup/.test(text)) return 'no se pueden incluir otras plantillas ({% include %}, {% render %}, {% layout %})';
  if (/limit exceeded/.test(text)) return 'la plantilla es demasiado grande o repite demasiadas veces';
  if (/not closed|unexpected|expected|invalid|illegal/i.test(text)) return `revise la sintaxis${where}`;
  return `revise la plantilla${where}`;
}


/** The names a template may read for an event: each variable's path, and the parents of dotted ones. */
function allowedNames(event: NotificationEvent): Set<string> {
  return new Set(event.variables.map((v) => v.name));
}

/**
 * Why a Liquid text does not fit the event, or null: it must parse, read only the event's variables
 * (a typo such as {{ cliente.nombr }} is refused by name) and render with the event's examples.
 */
export function templateProblem(source: string, event: NotificationEvent, part: TemplatePart): TemplateProblem | null {
  const label = TEMPLATE_PART_LABELS[part];
  let parsed;
  try {
    parsed = engine.parse(source);
  } catch (error) {
    return { part, message: `${label} no es una plantilla válida: ${liquidReason(error)}` };
  }
  let used: string[];
  try {
    used = engine.globalFullVariablesSync(parsed);
  } catch (error) {
    return { part, message: `${label} no es una plantilla válida: ${liquidReason(error)}` };
  }
  const allowed = allowedNames(event);
  const unknown = used.filter((name) => !allowed.has(name.replace(/\[(\d+)\]/g, '')));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].map((n) => `«${n}»`).join(', ');
    return { part, message: `${label} usa variables que el evento no tiene: ${names}` };
  }
  try {
    engine.renderSync(parsed, exampleVariables(event));
  } catch (error) {
    return { part, message: `${label} no se puede generar: ${liquidReason(error)}` };
  }
  return null;
}

/** Sets `value` at a dotted path ('cliente.nombre') of `target`. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (typeof next === 'object' && next !== null) at = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      at[key] = made;
      at = made;
    }
  }
  at[keys[keys.length - 1] ?? path] = value;
}

/** The event's variables as nested objects, from flat paths ({ 'cliente.nombre': 'Ana' } → { cliente: { nombre: 'Ana' } }). */
export function nestVariables(flat: Readonly<Record<string, unknown>>): TemplateVariables {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) setPath(out, path, value);
  return out;
}

/** The catalogue's example of every variable of the event (what the editor previews without a past record). */
export function exampleVariables(event: NotificationEvent): TemplateVariables {
  return nestVariables(Object.fromEntries(event.variables.map((v) => [v.name, v.example])));
}

/** 'No incluir contenido del cliente': the customer's variables emptied (lists: no items). */
export function withoutCustomerContent(event: NotificationEvent, flat: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const customer = new Set(event.variables.filter((v: EventVariable) => v.customer).map((v) => v.name));
  return Object.fromEntries(Object.entries(flat).map(([k, v]) => [k, customer.has(k) ? (Array.isArray(v) ? [] : '') : v]));
}

/** Renders a Liquid text with nested variables (throws on what templateProblem refuses). */
export function renderTemplate(source: string, variables: TemplateVariables): string {
  return engine.parseAndRenderSync(source, variables) as string;
}
