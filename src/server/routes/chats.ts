import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { agentSplits, conversations, notAttendedEvents } from '../db/schema';
import { defineRoutes } from './module';
import { implement } from './register';

export const chatRoutes = defineRoutes('chats', (app) => {
  /** Conversations waiting for an agent, oldest entry first; an agent sees only its splits' queues. */
  implement(app, endpoints.chatsInQueue, async ({ db, orgId, user }) => {
    const enteredAt = sql<Date>`coalesce(${conversations.queuedAt}, ${conversations.escalatedAt}, ${conversations.startedAt})`;
    const ownSplits = db.select({ idSplit: agentSplits.idSplit }).from(agentSplits).where(eq(agentSplits.idUser, callerId(user)));
    const rows = await db
      .select({ idConv: conversations.idConv, fechaEntrada: enteredAt.mapWith(conversations.startedAt), status: conversations.status })
      .from(conversations)
      .where(
        and(eq(conversations.organizationId, orgId), eq(conversations.status, 'EN_COLA'), user.role === 5 ? inArray(conversations.splitId, ownSplits) : undefined)
      )
      .orderBy(asc(enteredAt), asc(conversations.idConv));
    return rows.map((row) => ({ ...row, fechaEntrada: row.fechaEntrada.toISOString() }));
  });

  implement(app, endpoints.notAttendedEvents, ({ db }) =>
    db
      .select({ id: notAttendedEvents.id, nombre: notAttendedEvents.nombre, descripcion: notAttendedEvents.descripcion })
      .from(notAttendedEvents)
      .orderBy(asc(notAttendedEvents.id))
  );
});
