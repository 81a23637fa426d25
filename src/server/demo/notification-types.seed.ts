import { notificationTypes } from '../db/schema';
import type { Db } from '../db/types';
import type { SeedModule } from './types';

/** SPEC §3 "Notification type": the channels a notification goes out by (platform-wide). */
export const DEMO_NOTIFICATION_TYPES = [
  { typeNotificationId: 1, name: 'Correo electrónico' },
  { typeNotificationId: 2, name: 'SMS' },
  { typeNotificationId: 3, name: 'WhatsApp' }
] as const;

/** Inserts the demo notification types that are missing (an existing id keeps its name). */
export async function ensureNotificationTypes(db: Db): Promise<void> {
  await db
    .insert(notificationTypes)
    .values(DEMO_NOTIFICATION_TYPES.map((t) => ({ ...t })))
    .onConflictDoNothing();
}

export const notificationTypesSeed: SeedModule = {
  name: 'notification-types',
  run: (db) => ensureNotificationTypes(db)
};
