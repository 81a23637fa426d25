import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { raiseExportFailed } from '../notify/events';
import { kickNotifyWorker } from '../notify/kick';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * Issue 39: the platform events the desktop app reports. A scheduled export of the signed-in
 * administrator failed: EXPORTACION_FALLIDA to that person, in their own organisation (the
 * token's; the body names none), queued in one transaction and the worker woken after it.
 */
export const notifyEventRoutes = defineRoutes('notifyDelivery', (app) => {
  implement(app, endpoints.reportScheduledExportFailed, async ({ db, user, orgId, body, services }) => {
    const queued = await db.transaction((tx) => raiseExportFailed(tx, { idUser: Number(user.sub), organizationId: orgId, report: body.report, error: body.error, at: services.now() }));
    if (queued === null) throw new HttpError(404, MSG.generic.notFound);
    if (queued > 0) kickNotifyWorker();
    return { queued };
  });
});
