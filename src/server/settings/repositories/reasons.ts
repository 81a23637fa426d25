import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BusinessReason, CreateBusinessReason, CreateFinalReason, FinalReason, UpdateBusinessReason, UpdateFinalReason } from '../../../shared/domain/reason';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';
import { automaticTransferReasons, businessReasons, finalReasons } from '../../db/schema';
import type { Db } from '../../db/types';
import { byName } from '../../http/listing';
import { duplicateAs } from '../conflicts';
import { found, removed, withIsoDates } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The organisation's business and finalisation reasons (causales). A code, and a name
 * (unique-name.ts), is unique among its kind's reasons not deleted (409); an edit changes nombre,
 * descripcion, activo and fechaActualizacion (SPEC §4); a delete is logical (the conversations that
 * recorded it keep naming it). The chat reads them on every save, so a reason switched off or
 * deleted is at once no longer offered on finish (the active lists) nor accepted.
 */

const businessColumns = {
  idCausal: businessReasons.idCausal,
  codigoCausal: businessReasons.codigoCausal,
  nombre: businessReasons.nombre,
  descripcion: businessReasons.descripcion,
  activo: businessReasons.activo,
  fechaCreacion: businessReasons.fechaCreacion,
  fechaActualizacion: businessReasons.fechaActualizacion,
  logic_delete: businessReasons.logicDelete
};

const finalColumns = {
  idCausal: finalReasons.idCausal,
  codigoCausalFinalizacion: finalReasons.codigoCausalFinalizacion,
  nombre: finalReasons.nombre,
  descripcion: finalReasons.descripcion,
  activo: finalReasons.activo,
  fechaCreacion: finalReasons.fechaCreacion,
  fechaActualizacion: finalReasons.fechaActualizacion,
  logic_delete: finalReasons.logicDelete
};

const BUSINESS_DUPLICATES = { business_reasons_org_code_unique: DUPLICATE_TEXT.reasonCode, business_reasons_org_name_unique: DUPLICATE_TEXT.reason };
const FINAL_DUPLICATES = { final_reasons_org_code_unique: DUPLICATE_TEXT.reasonCode, final_reasons_org_name_unique: DUPLICATE_TEXT.reason };

/** Every reason not deleted, newest first; or only the active ones, by name (the console's checklist). */
function listed<R extends { idCausal: number; nombre: string; fechaCreacion: Date; fechaActualizacion: Date }>(rows: R[], activeOnly: boolean) {
  const shown = rows.map(withIsoDates);
  return activeOnly ? byName(shown, (r) => r.nombre, (r) => r.idCausal) : shown;
}

const shown = <R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R | undefined) => withIsoDates(found(row, SETTINGS_TEXT.reasonNotFound));

export const businessReasonRepository = {
  async list(db: Db, orgId: number, activeOnly: boolean): Promise<BusinessReason[]> {
    const rows = await db
      .select(businessColumns)
      .from(businessReasons)
      .where(and(eq(businessReasons.organizationId, orgId), eq(businessReasons.logicDelete, false), activeOnly ? eq(businessReasons.activo, true) : undefined))
      .orderBy(desc(businessReasons.fechaCreacion), desc(businessReasons.idCausal));
    return listed(rows, activeOnly);
  },

  async create(db: Db, orgId: number, fields: z.output<typeof CreateBusinessReason>, now: Date): Promise<BusinessReason> {
    const [row] = await db
      .insert(businessReasons)
      .values({ ...fields, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(businessColumns)
      .catch(duplicateAs(BUSINESS_DUPLICATES));
    return shown(row);
  },

  async update(db: Db, orgId: number, { idCausal, ...fields }: z.output<typeof UpdateBusinessReason>, now: Date): Promise<BusinessReason> {
    const [row] = await db
      .update(businessReasons)
      .set({ ...fields, fechaActualizacion: now })
      .where(and(eq(businessReasons.idCausal, idCausal), eq(businessReasons.organizationId, orgId), eq(businessReasons.logicDelete, false)))
      .returning(businessColumns)
      .catch(duplicateAs(BUSINESS_DUPLICATES));
    return shown(row);
  },

  async remove(db: Db, orgId: number, idCausal: number, now: Date): Promise<void> {
    const rows = await db
      .update(businessReasons)
      .set({ logicDelete: true, activo: false, fechaActualizacion: now })
      .where(and(eq(businessReasons.idCausal, idCausal), eq(businessReasons.organizationId, orgId), eq(businessReasons.logicDelete, false)))
      .returning({ id: businessReasons.idCausal });
    removed(rows, SETTINGS_TEXT.reasonNotFound);
  }
};

export const finalReasonRepository = {
  async list(db: Db, orgId: number, activeOnly: boolean): Promise<FinalReason[]> {
    const rows = await db
      .select(finalColumns)
      .from(finalReasons)
      .where(and(eq(finalReasons.organizationId, orgId), eq(finalReasons.logicDelete, false), activeOnly ? eq(finalReasons.activo, true) : undefined))
      .orderBy(desc(finalReasons.fechaCreacion), desc(finalReasons.idCausal));
    return listed(rows, activeOnly);
  },

  async create(db: Db, orgId: number, fields: z.output<typeof CreateFinalReason>, now: Date): Promise<FinalReason> {
    const [row] = await db
      .insert(finalReasons)
      .values({ ...fields, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(finalColumns)
      .catch(duplicateAs(FINAL_DUPLICATES));
    return shown(row);
  },

  async update(db: Db, orgId: number, { idCausal, ...fields }: z.output<typeof UpdateFinalReason>, now: Date): Promise<FinalReason> {
    const [row] = await db
      .update(finalReasons)
      .set({ ...fields, fechaActualizacion: now })
      .where(and(eq(finalReasons.idCausal, idCausal), eq(finalReasons.organizationId, orgId), eq(finalReasons.logicDelete, false)))
      .returning(finalColumns)
      .catch(duplicateAs(FINAL_DUPLICATES));
    return shown(row);
  },

  async remove(db: Db, orgId: number, idCausal: number, now: Date): Promise<void> {
    const rows = await db
      .update(finalReasons)
      .set({ logicDelete: true, activo: false, fechaActualizacion: now })
      .where(and(eq(finalReasons.idCausal, idCausal), eq(finalReasons.organizationId, orgId), eq(finalReasons.logicDelete, false)))
      .returning({ id: finalReasons.idCausal });
    removed(rows, SETTINGS_TEXT.reasonNotFound);
  }
};

/** The platform-wide automatic-transfer reasons, by id. */
export function listAutomaticTransferReasons(db: Db) {
  return db
    .select({ idCause: automaticTransferReasons.idCause, nombre: automaticTransferReasons.nombre })
    .from(automaticTransferReasons)
    .orderBy(asc(automaticTransferReasons.idCause));
}
