import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreatePauseEvent, PauseEvent, UpdatePauseEvent } from '../../../shared/domain/parameters';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';
import { pauseEvents } from '../../db/schema';
import type { Db } from '../../db/types';
import { duplicateAs } from '../conflicts';
import { found, removed, withIsoDates } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The organisation's pause events. A name is unique among the live ones (409); a delete is logical
 * (the connection history keeps naming it; listed with alsoDeleted=true). An agent already paused
 * on an event switched off stays paused; it is no longer offered for new pauses.
 */

const pauseColumns = {
  id: pauseEvents.id,
  nombre: pauseEvents.nombre,
  descripcion: pauseEvents.descripcion,
  activo: pauseEvents.activo,
  tiempoMaximo: pauseEvents.tiempoMaximo,
  logic_delete: pauseEvents.logicDelete,
  fechaCreacion: pauseEvents.fechaCreacion,
  fechaActualizacion: pauseEvents.fechaActualizacion
};

const PAUSE_DUPLICATES = { pause_events_org_name_unique: DUPLICATE_TEXT.pauseEvent };

const shown = <R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R | undefined) => withIsoDates(found(row, SETTINGS_TEXT.pauseEventNotFound));

export const pauseEventRepository = {
  async list(db: Db, orgId: number, alsoDeleted: boolean): Promise<PauseEvent[]> {
    const rows = await db
      .select(pauseColumns)
      .from(pauseEvents)
      .where(and(eq(pauseEvents.organizationId, orgId), alsoDeleted ? undefined : eq(pauseEvents.logicDelete, false)))
      .orderBy(desc(pauseEvents.fechaCreacion), desc(pauseEvents.id));
    return rows.map(withIsoDates);
  },

  async create(db: Db, orgId: number, fields: z.output<typeof CreatePauseEvent>, now: Date): Promise<PauseEvent> {
    const [row] = await db
      .insert(pauseEvents)
      .values({ ...fields, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(pauseColumns)
      .catch(duplicateAs(PAUSE_DUPLICATES));
    return shown(row);
  },

  async update(db: Db, orgId: number, { id, ...fields }: z.output<typeof UpdatePauseEvent>, now: Date): Promise<PauseEvent> {
    const [row] = await db
      .update(pauseEvents)
      .set({ ...fields, fechaActualizacion: now })
      .where(and(eq(pauseEvents.id, id), eq(pauseEvents.organizationId, orgId), eq(pauseEvents.logicDelete, false)))
      .returning(pauseColumns)
      .catch(duplicateAs(PAUSE_DUPLICATES));
    return shown(row);
  },

  async remove(db: Db, orgId: number, id: number, now: Date): Promise<void> {
    const rows = await db
      .update(pauseEvents)
      .set({ logicDelete: true, activo: false, fechaActualizacion: now })
      .where(and(eq(pauseEvents.id, id), eq(pauseEvents.organizationId, orgId), eq(pauseEvents.logicDelete, false)))
      .returning({ id: pauseEvents.id });
    removed(rows, SETTINGS_TEXT.pauseEventNotFound);
  }
};
