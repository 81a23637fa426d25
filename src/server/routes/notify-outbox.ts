import { endpoints } from '../../shared/api/catalogue';
import { outboxEntries } from '../notify/outbox-entries';
import { defineRoutes } from './module';
import { implement } from './register';

/** Issue 39: the notifications the outbox gave up on, with 'Reintentar', and the suppressed addresses. */
export const notifyOutboxRoutes = defineRoutes('notifyDelivery', (app) => {
  implement(app, endpoints.outboxEntries, ({ db, orgId }) => outboxEntries.list(db, orgId));
  implement(app, endpoints.retryOutboxEntry, async ({ db, orgId, params, services }) => {
    const entry = await outboxEntries.retry(db, orgId, params.id);
    // Committed: the worker may take it now rather than at its next poll.
    services.notify.kick();
    return entry;
  });
  implement(app, endpoints.notificationSuppressions, ({ db, orgId }) => outboxEntries.suppressions(db, orgId));
  implement(app, endpoints.deleteNotificationSuppression, async ({ db, orgId, query }) => {
    await outboxEntries.unsuppress(db, orgId, query.address);
    return { success: true };
  });
});
