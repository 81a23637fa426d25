import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { notificationTypes } from '../db/schema';
import { implement } from './register';

export function registerNotificationTypeRoutes(app: FastifyInstance): void {
  /**
   * The notification types (Correo electrónico, SMS, WhatsApp…): one platform-wide list, by id. The
   * path's {id} is the caller's organisation (checked by `implement`); the types belong to none.
   * The notification statistics page fills its 'Tipos de notificación' filter from it.
   */
  implement(app, endpoints.notificationTypes, async ({ db }) =>
    db.select({ typeNotificationId: notificationTypes.typeNotificationId, name: notificationTypes.name }).from(notificationTypes).orderBy(asc(notificationTypes.typeNotificationId))
  );
}
