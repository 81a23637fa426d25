import { endpoints } from '../../shared/api/catalogue';
import { notificationEmailRepository as emails } from '../settings/repositories/notification-emails';
import { defineRoutes } from './module';
import { implement } from './register';

/** notificaciones/emails (SPEC §7 "Notification emails", issue 39): the organisation from the path, checked by implement(). */
export const notificationEmailRoutes = defineRoutes('emails', (app) => {
  implement(app, endpoints.notificationEmails, ({ db, orgId }) => emails.list(db, orgId));
  implement(app, endpoints.createNotificationEmail, ({ db, orgId, body, services }) => emails.create(db, orgId, body, services.now()));
  implement(app, endpoints.updateNotificationEmail, ({ db, orgId, body }) => emails.update(db, orgId, body));
  implement(app, endpoints.deleteNotificationEmail, async ({ db, orgId, query }) => {
    await emails.remove(db, orgId, query.idEmail);
    return { success: true };
  });
});
