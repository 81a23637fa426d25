import { asc } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { notificationTypes } from '../db/schema';
import { defineRoutes } from './module';
import { implement } from './register';

export const notificationTypeRoutes = defineRoutes('notifications', (app) => {
  /**
   * The notification types (Correo electrónico, SMS, WhatsApp…): one platform-wide list, by id. The
   * path's {id} is the caller's organisation (checked by `implement`); the types belong to none.
   * The notification statistics page fills its 'Tipos de notificación' filter from it.
   */
  implement(app, endpoints.notificationTypes, async ({ db }) =>
    db.select({ typeNotificationId: notificationTypes.typeNotificationId, name: notificationTypes.name }).from(notificationTypes).orderBy(asc(notificationTypes.typeNotificationId))
  );
});
