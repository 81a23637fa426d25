import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChatCustomer } from '../../shared/realtime';
import type { Db } from '../db/types';
import { customers, entryFormFields } from '../db/schema';
import { badRequest } from './errors';
import { CHAT_TEXT } from './texts';

export interface FormField {
  idField: number;
  label: string;
  fieldType: string;
  required: boolean;
  options: string[];
}

/** The active entry-form fields of a virtual agent, in order. */
export async function loadEntryForm(db: Db, organizationId: number, idVa: number): Promise<FormField[]> {
  return db
    .select({
      idField: entryFormFields.idField,
      label: entryFormFields.label,
      fieldType: entryFormFields.fieldType,
      required: entryFormFields.required,
      options: entryFormFields.options
    })
    .from(entryFormFields)
    .where(and(eq(entryFormFields.organizationId, organizationId), eq(entryFormFields.idVa, idVa), eq(entryFormFields.active, true)))
    .orderBy(asc(entryFormFields.position), asc(entryFormFields.idField));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s().-]+$/;
const NUMBER = /^-?\d+([.,]\d+)?$/;
const DOCUMENT = /^[A-Za-z0-9-]{4,20}$/;

/** Why a value does not fit its field, or null when it does (an empty value is checked by `required`). */
function formatError(field: FormField, value: string): string | null {
  switch (field.fieldType) {
    case 'email':
      return EMAIL.test(value) && value.length <= 254 ? null : CHAT_TEXT.fieldEmail(field.label);
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 7 && digits <= 15 ? null : CHAT_TEXT.fieldPhone(field.label);
    }
    case 'number':
      return NUMBER.test(value) ? null : CHAT_TEXT.fieldNumber(field.label);
    case 'document':
      return DOCUMENT.test(value) ? null : CHAT_TEXT.fieldDocument(field.label);
    case 'select':
      return field.options.includes(value) ? null : CHAT_TEXT.fieldOption(field.label);
    default:
      return null;
  }
}

/**
 * Checks the customer's answers (idField → value, already trimmed) against the form: no unknown
 * field, every required one answered, each answer in its field's format. Answers label → value
 * in form order (what conversations.customer_data keeps). Throws a 400 with the first problem.
 */
export function validateAnswers(fields: readonly FormField[], answers: Record<string, string>): Record<string, string> {
  const byId = new Map(fields.map((f) => [String(f.idField), f]));
  for (const id of Object.keys(answers)) if (!byId.has(id)) throw badRequest(CHAT_TEXT.unknownField(id));
  const data: Record<string, string> = {};
  for (const field of fields) {
    const value = (answers[String(field.idField)] ?? '').trim();
    if (value === '') {
      if (field.required) throw badRequest(CHAT_TEXT.fieldRequired(field.label));
      continue;
    }
    const problem = formatError(field, value);
    if (problem) throw badRequest(problem);
    data[field.label] = value;
  }
  return data;
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
export async function upsertCustomer(tx: Db, organizationId: number, facts: Omit<ChatCustomer, 'datos'>, now: Date): Promise<number | null> {
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
      createdAt: now
    })
    .onConflictDoUpdate({
      target: [customers.organizationId, customers.documentType, customers.identification],
      set: {
        name: facts.nombre,
        email: sql`coalesce(excluded.email, ${customers.email})`,
        phone: sql`coalesce(excluded.phone, ${customers.phone})`
      }
    })
    .returning({ id: customers.id });
  return row?.id ?? null;
}
