import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { DESK_ERROR_MAX_CHARS, DESK_SILENT_MINUTES, type DeskHealth, type DeskHealthList, type DeskReportBody } from '../../shared/domain/desks';
import type { Db } from '../db/types';
import { agentPresence, deskErrors, desks, users } from '../db/schema';

/** How long a desk's errors are kept (issue 41). */
export const DESK_ERROR_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * One report of a desk (issue 41): the desk's row under the caller's organisation (created on its
 * first report, updated after), the errors it sent, and its errors past the retention dropped — in
 * one transaction, so a report is stored whole or not at all.
 */
export async function recordDeskReport(db: Db, report: { orgId: number; userId: number; body: DeskReportBody; now: Date }): Promise<void> {
  const { orgId, userId, body, now } = report;
  const values = {
    deskId: body.deskId,
    organizationId: orgId,
    userId,
    appVersion: body.appVersion,
    os: body.os,
    osVersion: body.osVersion,
    uptimeSeconds: body.uptimeSeconds,
    updatePhase: body.update.phase,
    updateVersion: body.update.version,
    platformRestarts: body.platformRestarts,
    lastSeen: now
  };
  const errors = [
    ...body.rendererErrors.map((e) => ({ source: 'renderer', ...e })),
    ...body.mainErrors.map((e) => ({ source: 'main', ...e }))
  ].map((e) => ({ deskId: body.deskId, organizationId: orgId, source: e.source, message: e.message.slice(0, DESK_ERROR_MAX_CHARS), at: new Date(e.at) }));
  await db.transaction(async (tx) => {
    await tx
      .insert(desks)
      .values({ ...values, firstSeen: now })
      .onConflictDoUpdate({ target: [desks.deskId, desks.organizationId], set: values });
    if (errors.length > 0) await tx.insert(deskErrors).values(errors);
    await tx
      .delete(deskErrors)
      .where(and(eq(deskErrors.organizationId, orgId), eq(deskErrors.deskId, body.deskId), lt(deskErrors.at, new Date(now.getTime() - DESK_ERROR_RETENTION_DAYS * DAY_MS))));
  });
}

/** 'Salud de los puestos': the organisation's desks, newest report first, and how many run each version. */
export async function listDesks(db: Db, orgId: number, now: Date): Promise<DeskHealthList> {
  const since = new Date(now.getTime() - DAY_MS);
  const silentBefore = new Date(now.getTime() - DESK_SILENT_MINUTES * 60_000);
  const errors24h = db
    .select({ deskId: deskErrors.deskId, n: sql<number>`count(*)::int`.as('n') })
    .from(deskErrors)
    .where(and(eq(deskErrors.organizationId, orgId), gt(deskErrors.at, since)))
    .groupBy(deskErrors.deskId)
    .as('errors24h');
  const rows = await db
    .select({
      desk: desks,
      user: { idUser: users.idUser, name: users.name, email: users.email, role: users.role },
      presence: agentPresence.status,
      errors: errors24h.n
    })
    .from(desks)
    .leftJoin(users, eq(users.idUser, desks.userId))
    .leftJoin(agentPresence, eq(agentPresence.userId, desks.userId))
    .leftJoin(errors24h, eq(errors24h.deskId, desks.deskId))
    .where(eq(desks.organizationId, orgId))
    .orderBy(desc(desks.lastSeen));
  const items: DeskHealth[] = rows.map(({ desk, user, presence, errors }) => ({
    deskId: desk.deskId,
    user: user?.idUser == null ? null : { idUser: user.idUser, name: user.name, email: user.email, role: user.role },
    appVersion: desk.appVersion,
    os: desk.os,
    osVersion: desk.osVersion,
    uptimeSeconds: desk.uptimeSeconds,
    updatePhase: desk.updatePhase,
    updateVersion: desk.updateVersion,
    platformRestarts: desk.platformRestarts,
    lastSeen: desk.lastSeen.toISOString(),
    errors24h: errors ?? 0,
    // On shift: the agent is Activo or Pausa in the queue (a role without the queue is never flagged).
    silent: desk.lastSeen < silentBefore && (presence === 'Activo' || presence === 'Pausa')
  }));
  const versions = await db
    .select({ version: desks.appVersion, desks: sql<number>`count(*)::int` })
    .from(desks)
    .where(eq(desks.organizationId, orgId))
    .groupBy(desks.appVersion)
    .orderBy(desc(sql`count(*)`), desks.appVersion);
  return { items, versions };
}
