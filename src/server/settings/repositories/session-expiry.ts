import { and, eq, sql } from 'drizzle-orm';
import type { SessionExpirationType, UpdateSessionExpiration } from '../../../shared/domain/session-expiry';
import type { Db } from '../../db/types';
import { sessionExpirationTypes, virtualAgents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/** The client messages of the defaults when the organisation has no CCCNE / FCTIC end message (migration 0024 says the same). */
const DEFAULT_MESSAGES = {
  BOT: 'Cerramos esta conversación porque no recibimos respuesta. Si necesitas algo más, escríbenos de nuevo.',
  ASESOR: 'Cerramos esta conversación con el asesor por inactividad. Si necesitas algo más, inicia un nuevo chat.'
} as const;

/**
 * The two session-expiry types a virtual agent starts with, as migration 0024 gave every virtual
 * agent that existed then: with the assistant, the organisation's customer-inactivity time and its
 * CCCNE end message (what its customers lived before the types existed); with an agent, 30 minutes
 * and its FCTIC end message. Texts of their own when the organisation has no such end message.
 * Nothing is written for a kind the virtual agent already has.
 */
export async function createSessionExpiryDefaults(tx: Db, orgId: number, idVa: number): Promise<void> {
  await tx.execute(sql`
    insert into session_expiration_types (organization_id, id_va, kind, client_message, closing_time)
    select va.organization_id, va.id_va, k.kind,
      coalesce(nullif(btrim(em.client_message), ''), k.message),
      case when k.kind = 'BOT' then least(greatest(coalesce(cp.tiempo_inactividad_cliente, 10), 1), 1440) else 30 end
    from virtual_agents va
    cross join (values
      ('BOT', 'CCCNE', ${DEFAULT_MESSAGES.BOT}::text),
      ('ASESOR', 'FCTIC', ${DEFAULT_MESSAGES.ASESOR}::text)
    ) as k(kind, acronym, message)
    left join chat_parameters cp on cp.organization_id = va.organization_id
    left join end_messages em on em.organization_id = va.organization_id and em.acronym = k.acronym
    where va.id_va = ${idVa} and va.organization_id = ${orgId}
    on conflict (id_va, kind) do nothing`);
}

const COLUMNS = {
  idSessionExpirationType: sessionExpirationTypes.idSessionExpirationType,
  kind: sessionExpirationTypes.kind,
  clientMessage: sessionExpirationTypes.clientMessage,
  closingTime: sessionExpirationTypes.closingTime
};

/** The virtual agent of the caller's organisation, locked: a read that completes its types and an edit run one after the other. */
async function lockVirtualAgent(tx: Db, orgId: number, idVa: number): Promise<void> {
  const [va] = await tx
    .select({ idVa: virtualAgents.idVa })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, orgId)))
    .for('update');
  if (!va) throw new HttpError(404, SETTINGS_TEXT.virtualAgentNotFound);
}

async function readTypes(db: Db, orgId: number, idVa: number) {
  return db
    .select(COLUMNS)
    .from(sessionExpirationTypes)
    .where(and(eq(sessionExpirationTypes.organizationId, orgId), eq(sessionExpirationTypes.idVa, idVa)))
    .orderBy(sql`case ${sessionExpirationTypes.kind} when 'BOT' then 0 else 1 end`);
}

/**
 * SPEC §7 "Session expiry" of one virtual agent of the caller's organisation. Another
 * organisation's virtual agent, or a type of another virtual agent, answers 404 and changes nothing.
 */
export const sessionExpiryRepository = {
  /** The virtual agent's types, BOT first. One created before the types existed anywhere else gets its defaults here. */
  async list(db: Db, orgId: number, idVa: number): Promise<SessionExpirationType[]> {
    return db.transaction(async (tx) => {
      await lockVirtualAgent(tx, orgId, idVa);
      let rows = await readTypes(tx, orgId, idVa);
      if (rows.length < 2) {
        await createSessionExpiryDefaults(tx, orgId, idVa);
        rows = await readTypes(tx, orgId, idVa);
      }
      // kind holds one of SESSION_EXPIRY_KINDS (its check constraint); the route's response schema checks it again.
      return rows as SessionExpirationType[];
    });
  },

  /** One type's message and time; the engine closes the next silent conversation with them (it reads them at each sweep). */
  async update(db: Db, orgId: number, body: UpdateSessionExpiration, now: Date): Promise<SessionExpirationType> {
    return db.transaction(async (tx) => {
      await lockVirtualAgent(tx, orgId, body.idVa);
      const [row] = await tx
        .update(sessionExpirationTypes)
        .set({ clientMessage: body.clientMessage, closingTime: body.closingTime, updatedAt: now })
        .where(
          and(
            eq(sessionExpirationTypes.idSessionExpirationType, body.idSessionExpirationType),
            eq(sessionExpirationTypes.idVa, body.idVa),
            eq(sessionExpirationTypes.organizationId, orgId)
          )
        )
        .returning(COLUMNS);
      return found(row, SETTINGS_TEXT.sessionExpiryNotFound) as SessionExpirationType;
    });
  }
};
