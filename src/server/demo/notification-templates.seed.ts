import { notificationEmails } from '../db/schema';
import { createDefaultTemplates } from '../notify/default-templates';
import { DEMO_ORG_ID, DEMO_ORGANIZATIONS } from './demo-data';
import type { SeedModule } from './types';

/**
 * Issue 39: the notification e-mails of the demo organisation (SPEC §9: the default notification
 * company is 100) — who, besides its supervisors and administrators, receives its staff
 * notifications — newest first as the screen lists them.
 */
export const DEMO_NOTIFICATION_EMAILS = [
  { email: 'supervision@demo.co', descripcion: 'Coordinación de la operación: chats no atendidos' },
  { email: 'seguridad@demo.co', descripcion: 'Seguridad de la información: cuentas bloqueadas' }
] as const;

/** Every demo organisation's default e-mail template of each event (notify/default-templates.ts), and organisation 100's notification e-mails. */
export const notificationTemplatesSeed: SeedModule = {
  name: 'notification-templates',
  async run(db, { now }) {
    for (const org of DEMO_ORGANIZATIONS) await createDefaultTemplates(db, org.idOrg, now);
    await db.insert(notificationEmails).values(
      DEMO_NOTIFICATION_EMAILS.map((e, index) => ({ organizationId: DEMO_ORG_ID, ...e, createdAt: new Date(now.getTime() - (index + 1) * 60_000) }))
    );
  }
};
