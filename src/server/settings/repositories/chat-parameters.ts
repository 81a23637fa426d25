import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatParameters, UpdateChatParameters } from '../../../shared/domain/parameters';
import { DEFAULT_RULES } from '../../chat/schedule';
import { chatParameters } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { SETTINGS_TEXT } from '../texts';

/** The organisation's chat parameters (SPEC §3 "Parameters"): one row, read by the router in every assignment. */

const parameterColumns = {
  diasLaborales: chatParameters.diasLaborales,
  horaLaboralInicio: chatParameters.horaLaboralInicio,
  horaLaboralFin: chatParameters.horaLaboralFin,
  nroMaximoChatsAsesor: chatParameters.nroMaximoChatsAsesor,
  tiempoInactividadCliente: chatParameters.tiempoInactividadCliente
};

function shown(row: ChatParameters): ChatParameters {
  return { ...row, diasLaborales: [...row.diasLaborales].sort((a, b) => a - b) };
}

async function read(db: Db, orgId: number, lock = false): Promise<ChatParameters | null> {
  const query = db.select(parameterColumns).from(chatParameters).where(eq(chatParameters.organizationId, orgId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export const chatParameterRepository = {
  /** The stored parameters, or null for an organisation without any (no invented defaults). */
  async get(db: Db, orgId: number): Promise<ChatParameters | null> {
    const row = await read(db, orgId);
    return row ? shown(row) : null;
  },

  /**
   * Changes the parameters sent and keeps the others. An organisation without a row has the
   * engine's rules in force (DEFAULT_RULES), so those fill what the body leaves out. The working
   * hours are checked as they will be stored: the end after the start.
   */
  async update(db: Db, orgId: number, changes: z.output<typeof UpdateChatParameters>, now: Date): Promise<ChatParameters> {
    const stored = await db.transaction(async (tx) => {
      const current = (await read(tx, orgId, true)) ?? DEFAULT_RULES;
      const next: ChatParameters = {
        diasLaborales: changes.diasLaborales ?? current.diasLaborales,
        horaLaboralInicio: changes.horaLaboralInicio ?? current.horaLaboralInicio,
        horaLaboralFin: changes.horaLaboralFin ?? current.horaLaboralFin,
        nroMaximoChatsAsesor: changes.nroMaximoChatsAsesor ?? current.nroMaximoChatsAsesor,
        tiempoInactividadCliente: changes.tiempoInactividadCliente ?? current.tiempoInactividadCliente
      };
      if (next.horaLaboralFin <= next.horaLaboralInicio) throw new HttpError(400, SETTINGS_TEXT.workingHoursOrder);
      const values = { ...next, fechaActualizacion: now };
      const [row] = await tx
        .insert(chatParameters)
        .values({ organizationId: orgId, ...values })
        .onConflictDoUpdate({ target: chatParameters.organizationId, set: values })
        .returning(parameterColumns);
      if (!row) throw new Error('actualizarParametros: no row');
      return row;
    });
    return shown(stored);
  },

  /** A new organisation's parameters: the rules the engine applies to one without any (DEFAULT_RULES). */
  async createDefaults(db: Db, orgId: number, now: Date): Promise<void> {
    const { timeZone: _zone, ...rules } = DEFAULT_RULES;
    await db.insert(chatParameters).values({ organizationId: orgId, ...rules, diasLaborales: [...rules.diasLaborales], fechaActualizacion: now });
  }
};
