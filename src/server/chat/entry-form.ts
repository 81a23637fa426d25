import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChatCustomer, FormRegion } from '../../shared/realtime';
import { checkEntryAnswers, type EntryProblem, type EntryValueField } from '../../shared/domain/entry-values';
import type { Db } from '../db/types';
import { cities, consentTexts, customers, departmentRegions, departments, entryFormFields, regions } from '../db/schema';
import { byName } from '../http/listing';
import { badRequest } from './errors';
import { CHAT_TEXT } from './texts';

export interface FormField extends EntryValueField {
  label: string;
  options: string[];
  /** A consent field's current text (consent_texts), with its row id. */
  consentText: string | null;
  consentTextId: number | null;
}

/** The active entry-form fields of a virtual agent, in order, with a consent field's current text. */
export async function loadEntryForm(db: Db, organizationId: number, idVa: number): Promise<FormField[]> {
  return db
    .select({
      idField: entryFormFields.idField,
      label: entryFormFields.label,
      fieldType: entryFormFields.fieldType,
      required: entryFormFields.required,
      options: entryFormFields.options,
      pattern: entryFormFields.pattern,
      consentTextId: entryFormFields.consentTextId,
      consentText: consentTexts.text,
      consentVersion: consentTexts.version
    })
    .from(entryFormFields)
    .leftJoin(consentTexts, eq(consentTexts.id, entryFormFields.consentTextId))
    .where(and(eq(entryFormFields.organizationId, organizationId), eq(entryFormFields.idVa, idVa), eq(entryFormFields.active, true)))
    .orderBy(asc(entryFormFields.position), asc(entryFormFields.idField));
}

/**
 * What a city field offers: the organisation's regions, the departments it gave each, their cities
 * (each list by name). A department without a region, or a region without departments, is left out.
 */
export async function loadFormRegions(db: Db, organizationId: number): Promise<FormRegion[]> {
  const rows = await db
    .select({ idRegional: regions.id, regional: regions.name, idDepartment: departments.id, department: departments.name })
    .from(departmentRegions)
    .innerJoin(regions, and(eq(regions.id, departmentRegions.idRegional), eq(regions.organizationId, organizationId)))
    .innerJoin(departments, eq(departments.id, departmentRegions.idDepartment))
    .where(eq(departmentRegions.organizationId, organizationId));
  if (rows.length === 0) return [];
  const cityRows = await db
    .select({ id: cities.id, name: cities.name, idDepartment: cities.idDepartment })
    .from(cities)
    .where(inArray(cities.idDepartment, [...new Set(rows.map((r) => r.idDepartment))]));
  const tree = new Map<number, FormRegion>();
  for (const r of rows) {
    const region = tree.get(r.idRegional) ?? { id: r.idRegional, name: r.regional, departments: [] };
    tree.set(r.idRegional, region);
    const own = cityRows.filter((c) => c.idDepartment === r.idDepartment).map((c) => ({ id: c.id, name: c.name }));
    if (own.length > 0) region.departments.push({ id: r.idDepartment, name: r.department, cities: byName(own, (c) => c.name, (c) => c.id) });
  }
  return byName(
    [...tree.values()].filter((r) => r.departments.length > 0),
    (r) => r.name,
    (r) => r.id
  ).map((r) => ({ ...r, departments: byName(r.departments, (d) => d.name, (d) => d.id) }));
}

/** The regions a form's city field offers (none when it has no city field). */
export async function regionsForForm(db: Db, organizationId: number, fields: readonly FormField[]): Promise<FormRegion[]> {
  return fields.some((f) => f.fieldType === 'city') ? loadFormRegions(db, organizationId) : [];
}

/** The city ids of a region tree, and each one's name. */
export function cityNames(tree: readonly FormRegion[]): Map<number, string> {
  return new Map(tree.flatMap((r) => r.departments.flatMap((d) => d.cities.map((c) => [c.id, c.name] as const))));
}

function problemText(problem: EntryProblem, label: string): string {
  switch (problem) {
    case 'required':
      return CHAT_TEXT.fieldRequired(label);
    case 'tooLong':
      return CHAT_TEXT.fieldTooLong(label);
    case 'email':
      return CHAT_TEXT.fieldEmail(label);
    case 'phone':
      return CHAT_TEXT.fieldPhone(label);
    case 'number':
      return CHAT_TEXT.fieldNumber(label);
    case 'document':
      return CHAT_TEXT.fieldDocument(label);
    case 'option':
      return CHAT_TEXT.fieldOption(label);
    case 'city':
      return CHAT_TEXT.fieldCity(label);
    case 'pattern':
      return CHAT_TEXT.fieldPattern(label);
    case 'consent':
      return CHAT_TEXT.consentRequired(label);
    case 'consentChanged':
      return CHAT_TEXT.consentChanged(label);
  }
}

/** What a start takes from the checked answers. */
export interface CheckedAnswers {
  /** label → value as the agent reads it, in form order (conversations.customer_data). */
  data: Record<string, string>;
  cityId: number | null;
  /** The consent text version accepted, when the form has a consent and the customer checked it. */
  consentTextId: number | null;
}

/**
 * Checks the customer's answers (idField → value) against the form with the rules the widget runs
 * (src/shared/domain/entry-values.ts): no unknown field, every required one answered (a required
 * consent accepted, in its current version), each answer in its field's format and pattern, a city
 * one of those offered. Throws a 400 with the first problem.
 */
export function validateAnswers(fields: readonly FormField[], answers: Record<string, string>, tree: readonly FormRegion[]): CheckedAnswers {
  const byId = new Map(fields.map((f) => [String(f.idField), f]));
  for (const id of Object.keys(answers)) if (!byId.has(id)) throw badRequest(CHAT_TEXT.unknownField(id));
  const names = cityNames(tree);
  const checked = checkEntryAnswers(fields, answers, { cityIds: new Set(names.keys()) });
  if (!checked.ok) {
    const first = fields.find((f) => checked.problems[f.idField]);
    const problem = first ? checked.problems[first.idField] : undefined;
    if (first && problem) throw badRequest(problemText(problem, first.label));
  }
  const given = checked.ok ? checked.answers : {};
  const out: CheckedAnswers = { data: {}, cityId: null, consentTextId: null };
  for (const field of fields) {
    const value = given[String(field.idField)];
    if (value === undefined) continue;
    if (field.fieldType === 'city') {
      out.cityId = Number(value);
      out.data[field.label] = names.get(out.cityId) ?? value;
    } else if (field.fieldType === 'consent') {
      out.consentTextId = field.consentTextId;
      out.data[field.label] = CHAT_TEXT.consentAccepted(field.consentVersion ?? 0);
    } else {
      out.data[field.label] = value;
    }
  }
  return out;
}

const DOCUMENT_TYPE_LABEL = /tipo/i;
const DOCUMENT_WORD = /(document|identificaci)/i;

/** What the form's answers say about the customer: the first text is the name, the document and its type (a select labelled like one), e-mail, phone. */
export function customerFacts(fields: readonly FormField[], data: Record<string, string>): Omit<ChatCustomer, 'datos'> {
  const answer = (f: FormField | undefined) => (f ? (data[f.label] ?? null) : null);
  const first = (type: string) => fields.find((f) => f.fieldType === type && data[f.label] !== undefined);
  const typeField = fields.find((f) => f.fieldType === 'select' && DOCUMENT_TYPE_LABEL.test(f.label) && DOCUMENT_WORD.test(f.label) && data[f.label] !== undefined);
  const identificacion = answer(first('document'));
  return {
    nombre: answer(first('text')) ?? CHAT_TEXT.anonymousCustomer,
    tipoIdentificacion: identificacion === null ? null : (answer(typeField) ?? CHAT_TEXT.defaultDocumentType),
    identificacion,
    email: answer(first('email')),
    telefono: answer(first('phone'))
  };
}

/**
 * The customer of a new conversation: upserted by (organisation, document type, number) when the
 * form gave a document, so a returning customer is recognised; null otherwise.
 */
export async function upsertCustomer(tx: Db, organizationId: number, facts: Omit<ChatCustomer, 'datos'>, now: Date, cityId: number | null = null): Promise<number | null> {
  if (facts.identificacion === null || facts.tipoIdentificacion === null) return null;
  const [row] = await tx
    .insert(customers)
    .values({
      organizationId,
      documentType: facts.tipoIdentificacion,
      identification: facts.identificacion,
      name: facts.nombre,
      email: facts.email,
      phone: facts.telefono,
      cityId,
      createdAt: now
    })
    .onConflictDoUpdate({
      target: [customers.organizationId, customers.documentType, customers.identification],
      set: {
        name: facts.nombre,
        email: sql`coalesce(excluded.email, ${customers.email})`,
        phone: sql`coalesce(excluded.phone, ${customers.phone})`,
        cityId: sql`coalesce(excluded.city_id, ${customers.cityId})`
      }
    })
    .returning({ id: customers.id });
  return row?.id ?? null;
}
