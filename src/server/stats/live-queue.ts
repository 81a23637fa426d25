import { and, asc, eq, sql } from 'drizzle-orm';
import type { LiveQueue } from '../../shared/api/queue-supervision';
import { agentPresence, agentSplits, conversations, splits, users } from '../db/schema';
import type { Db } from '../db/types';
import { loadRules } from '../chat/lookups';
import { chatRoleCondition } from '../chat/attendants';
import { presentCondition, splitAttendsNow } from '../chat/routing';

/**
 * The organisation's queue now (the home page's 'Ahora' and the 'Cola de chats' screen): every
 * conversation EN_COLA with its split and entry-form data, oldest entry first (the order of
 * obtenerChatsEnCola), and each active split's state — whether it attends now (the router's own
 * check), its timeMaxInitConversation, and its agents counted as present by the router.
 */
export async function liveQueue(db: Db, organizationId: number, now: Date, graceMs: number): Promise<LiveQueue> {
  const enteredAt = sql<Date>`coalesce(${conversations.queuedAt}, ${conversations.escalatedAt}, ${conversations.startedAt})`;
  const connected = sql<number>`count(distinct ${agentPresence.userId}) filter (where ${presentCondition(now, graceMs)} and ${users.idUser} is not null)`.mapWith(Number);
  const [rules, splitRows, chats] = await Promise.all([
    loadRules(db, organizationId),
    db
      .select({ idSplit: splits.idSplit, nombre: splits.nombre, tiempoMaximoEspera: splits.timeMaxInitConversation, asesoresConectados: connected })
      .from(splits)
      .leftJoin(agentSplits, eq(agentSplits.idSplit, splits.idSplit))
      .leftJoin(users, and(eq(users.idUser, agentSplits.idUser), chatRoleCondition(), eq(users.isActive, true), eq(users.organizationId, organizationId)))
      .leftJoin(agentPresence, eq(agentPresence.userId, users.idUser))
      .where(and(eq(splits.organizationId, organizationId), eq(splits.activo, true), eq(splits.logicDelete, false)))
      .groupBy(splits.idSplit)
      .orderBy(asc(splits.idSplit)),
    db
      .select({
        idConv: conversations.idConv,
        fechaEntrada: enteredAt.mapWith(conversations.startedAt),
        status: conversations.status,
        idSplit: conversations.splitId,
        split: splits.nombre,
        datosCliente: conversations.customerData
      })
      .from(conversations)
      .leftJoin(splits, eq(splits.idSplit, conversations.splitId))
      .where(and(eq(conversations.organizationId, organizationId), eq(conversations.status, 'EN_COLA')))
      .orderBy(asc(enteredAt), asc(conversations.idConv))
  ]);
  const open = await Promise.all(splitRows.map(async (s) => (await splitAttendsNow(db, s.idSplit, now)) !== null));
  return {
    maximoChatsAsesor: rules.nroMaximoChatsAsesor,
    splits: splitRows.map((s, i) => ({ ...s, abierto: open[i] ?? false })),
    chats: chats.map((c) => ({ ...c, fechaEntrada: c.fechaEntrada.toISOString() }))
  };
}
