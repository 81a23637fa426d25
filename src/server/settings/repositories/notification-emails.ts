import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateNotificationEmail, NotificationEmail, UpdateNotificationEmail } from '../../../shared/domain/notification';
import { notificationEmails } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { fromAddressOf } from '../../notify/channel-settings';
import { duplicateAs } from '../conflicts';
import { found, removed } from '../repository';

/**
 * notificaciones/emails (SPEC §3 "Notification email", issue 39): the addresses of an organisation
 * that receive its staff notifications beside its supervisors and administrators. An address is
 * stored lower case (the schema folds it), once per organisation (409), and never the address the
 * organisation's notifications are sent from (a mail loop: 400).
 */

export const NOTIFICATION_EMAIL_TEXT = {
  notFound: 'El correo de notificación no existe',
  duplicate: 'email: Ese correo ya está registrado para recibir notificaciones',
  ownSender: 'email: Es la dirección desde la que se envían las notificaciones de la entidad; registrarla haría que se escriba a sí misma'
} as const;

const DUPLICATES = { notification_emails_org_email_unique: NOTIFICATION_EMAIL_TEXT.duplicate };

const columns = {
  idEmail: notificationEmails.idEmail,
  email: notificationEmails.email,
  descripcion: notificationEmails.descripcion,
  activo: notificationEmails.activo
};

/** The loop guard: the organisation's From address (or the platform's) is no recipient. */
async function refuseOwnSender(db: Db, orgId: number, email: string): Promise<void> {
  if (email.toLowerCase() === (await fromAddressOf(db, orgId))) throw new HttpError(400, NOTIFICATION_EMAIL_TEXT.ownSender);
}

export const notificationEmailRepository = {
  /** Newest first (SPEC §4: a created address is prepended). */
  async list(db: Db, orgId: number): Promise<NotificationEmail[]> {
    return db
      .select(columns)
      .from(notificationEmails)
      .where(eq(notificationEmails.organizationId, orgId))
      .orderBy(desc(notificationEmails.createdAt), desc(notificationEmails.idEmail));
  },

  async create(db: Db, orgId: number, body: z.output<typeof CreateNotificationEmail>, now: Date): Promise<NotificationEmail> {
    const email = body.email.toLowerCase();
    await refuseOwnSender(db, orgId, email);
    const [created] = await db
      .insert(notificationEmails)
      .values({ organizationId: orgId, email, descripcion: body.descripcion, activo: body.activo, createdAt: now })
      .returning(columns)
      .catch(duplicateAs(DUPLICATES));
    if (!created) throw new Error('createEmailNotifications: no row');
    return created;
  },

  /** Edits one address of the organisation (404 for any other). */
  async update(db: Db, orgId: number, body: z.output<typeof UpdateNotificationEmail>): Promise<NotificationEmail> {
    const email = body.email.toLowerCase();
    await refuseOwnSender(db, orgId, email);
    const [updated] = await db
      .update(notificationEmails)
      .set({ email, descripcion: body.descripcion, activo: body.activo })
      .where(and(eq(notificationEmails.idEmail, body.idEmail), eq(notificationEmails.organizationId, orgId)))
      .returning(columns)
      .catch(duplicateAs(DUPLICATES));
    return found(updated, NOTIFICATION_EMAIL_TEXT.notFound);
  },

  async remove(db: Db, orgId: number, idEmail: number): Promise<void> {
    const rows = await db
      .delete(notificationEmails)
      .where(and(eq(notificationEmails.idEmail, idEmail), eq(notificationEmails.organizationId, orgId)))
      .returning({ idEmail: notificationEmails.idEmail });
    removed(rows, NOTIFICATION_EMAIL_TEXT.notFound);
  }
};
