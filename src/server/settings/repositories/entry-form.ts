import { createHash } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import type { EntryForm, EntryFormField, UpdateEntryForm, UpdateEntryFormOrder } from '../../../shared/domain/entry-form';
import type { Db } from '../../db/types';
import { consentTexts, entryFormFields, virtualAgents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { SETTINGS_TEXT } from '../texts';

const ENTRY_TEXT = {
  notThisForm: (id: number) => `El campo ${id} no pertenece a este formulario`,
  notAPermutation: 'El orden debe incluir cada campo del formulario una sola vez'
} as const;

/** sha256 (hex) of a consent text's exact UTF-8 bytes: what the evidence names. */
export function consentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The virtual agent of the caller's organisation, locked so that two edits of its form run one after the other. */
async function lockVirtualAgent(tx: Db, orgId: number, idVa: number): Promise<void> {
  const [va] = await tx
    .select({ idVa: virtualAgents.idVa })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, orgId)))
    .for('update');
  if (!va) throw new HttpError(404, SETTINGS_TEXT.virtualAgentNotFound);
}

async function readForm(db: Db, orgId: number, idVa: number): Promise<EntryForm> {
  const rows = await db
    .select({
      idField: entryFormFields.idField,
      label: entryFormFields.label,
      fieldType: entryFormFields.fieldType,
      required: entryFormFields.required,
      position: entryFormFields.position,
      active: entryFormFields.active,
      options: entryFormFields.options,
      pattern: entryFormFields.pattern,
      consentText: consentTexts.text,
      consentVersion: consentTexts.version
    })
    .from(entryFormFields)
    .leftJoin(consentTexts, eq(consentTexts.id, entryFormFields.consentTextId))
    .where(and(eq(entryFormFields.organizationId, orgId), eq(entryFormFields.idVa, idVa)))
    .orderBy(asc(entryFormFields.position), asc(entryFormFields.idField));
  // field_type holds one of ENTRY_FIELD_TYPES (only this repository writes it); the route's response schema checks it again.
  return { idVa, fields: rows as EntryFormField[] };
}

/**
 * The consent text version a consent field keeps: its current one when the text is unchanged,
 * else a new version (never an edit of the old one: the conversations that accepted it keep it).
 */
async function consentVersionFor(tx: Db, orgId: number, idVa: number, currentId: number | null, text: string): Promise<number> {
  if (currentId !== null) {
    const [current] = await tx.select({ text: consentTexts.text }).from(consentTexts).where(eq(consentTexts.id, currentId));
    if (current?.text === text) return currentId;
  }
  const [last] = await tx
    .select({ version: max(consentTexts.version) })
    .from(consentTexts)
    .where(and(eq(consentTexts.organizationId, orgId), eq(consentTexts.idVa, idVa)));
  const [row] = await tx
    .insert(consentTexts)
    .values({ organizationId: orgId, idVa, version: (last?.version ?? 0) + 1, text, sha256: consentHash(text) })
    .returning({ id: consentTexts.id });
  if (!row) throw new Error('consentVersionFor: no row');
  return row.id;
}

/** SPEC §7 "Entry form" of one virtual agent of the caller's organisation. */
export const entryFormRepository = {
  async get(db: Db, orgId: number, idVa: number): Promise<EntryForm> {
    return db.transaction(async (tx) => {
      await lockVirtualAgent(tx, orgId, idVa);
      return readForm(tx, orgId, idVa);
    });
  },

  /**
   * The whole list in order (the schema already refused duplicates, more than 30 fields, unsafe
   * patterns): fields with an idField must be this form's, those without are added, those missing
   * are removed; positions follow the list.
   */
  async replace(db: Db, orgId: number, idVa: number, body: UpdateEntryForm): Promise<EntryForm> {
    return db.transaction(async (tx) => {
      await lockVirtualAgent(tx, orgId, idVa);
      const existing = await tx
        .select({ idField: entryFormFields.idField, consentTextId: entryFormFields.consentTextId })
        .from(entryFormFields)
        .where(and(eq(entryFormFields.organizationId, orgId), eq(entryFormFields.idVa, idVa)));
      const byId = new Map(existing.map((f) => [f.idField, f]));
      for (const f of body.fields) if (f.idField !== undefined && !byId.has(f.idField)) throw new HttpError(400, ENTRY_TEXT.notThisForm(f.idField));
      const kept = new Set(body.fields.flatMap((f) => (f.idField === undefined ? [] : [f.idField])));
      for (const f of existing) if (!kept.has(f.idField)) await tx.delete(entryFormFields).where(eq(entryFormFields.idField, f.idField));
      for (const [index, f] of body.fields.entries()) {
        const consentTextId = f.fieldType === 'consent' && f.consentText ? await consentVersionFor(tx, orgId, idVa, (f.idField && byId.get(f.idField)?.consentTextId) || null, f.consentText) : null;
        const values = {
          label: f.label,
          fieldType: f.fieldType,
          required: f.required,
          active: f.active,
          options: f.options,
          pattern: f.pattern,
          consentTextId,
          position: index + 1
        };
        if (f.idField === undefined) await tx.insert(entryFormFields).values({ organizationId: orgId, idVa, ...values });
        else await tx.update(entryFormFields).set(values).where(eq(entryFormFields.idField, f.idField));
      }
      return readForm(tx, orgId, idVa);
    });
  },

  /** Only the positions: the order must name every field of the form once. */
  async reorder(db: Db, orgId: number, idVa: number, body: UpdateEntryFormOrder): Promise<EntryForm> {
    return db.transaction(async (tx) => {
      await lockVirtualAgent(tx, orgId, idVa);
      const existing = await tx
        .select({ idField: entryFormFields.idField })
        .from(entryFormFields)
        .where(and(eq(entryFormFields.organizationId, orgId), eq(entryFormFields.idVa, idVa)));
      const ids = new Set(existing.map((f) => f.idField));
      if (body.order.length !== ids.size || body.order.some((id) => !ids.has(id))) throw new HttpError(400, ENTRY_TEXT.notAPermutation);
      for (const [index, idField] of body.order.entries()) await tx.update(entryFormFields).set({ position: index + 1 }).where(eq(entryFormFields.idField, idField));
      return readForm(tx, orgId, idVa);
    });
  }
};
