import { areaPages } from '../area-pages';

/**
 * The notification settings pages (configuracion/notificaciones/*): the events' templates with the
 * organisation's channels, failed notifications and suppressed addresses; the notification e-mails.
 */
export const NOTIFICATION_PAGES = areaPages('notifications', {
  notificationEvents: () => import('./events.screen').then((m) => m.EventsScreen),
  notificationEmails: () => import('./emails.screen').then((m) => m.EmailsScreen)
});
