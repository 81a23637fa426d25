import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationTemplate } from '../../../shared/domain/notification';
import type { TokenClaims } from '../../../shared/domain/session';
import { NOTIFICATION_EVENT_CODES } from '../../../shared/notifications/events';
import { choosesOrganisation } from '../../../shared/roles';
import { notificationTemplates, organizations } from '../../db/schema';
import type { Db } from '../../db/types';
import { TEMPLATE_TEXT, type CheckedTemplate, type TemplateBody } from '../../notify/templates';
import { duplicateAs } from '../conflicts';
import { found, removed } from '../repository';

/**
 * notificaciones/eventos (SPEC §3 "Notification template", §7 "Notification templates", issue 39):
 * an organisation's template of one event per notification type. One per (organisation, event,
 * type) — the unique index; every save increases `version`, so an outbox row names exactly the text
 * it renders. Answered in SPEC §3's shape (companyId, eventType, TypeNotification, codeTemplate,
 * BodySms only when the template has one, id) plus subject, body, excludeCustomerContent and version.
 */

type Row = typeof notificationTemplates.$inferSelect;

const DUPLICATES = { notification_templates_org_event_type_unique: TEMPLATE_TEXT.duplicate };

export function toTemplate(row: Row): NotificationTemplate {
  return {
    companyId: row.organizationId,
    eventType: row.eventType,
    TypeNotification: row.typeNotificationId,
    codeTemplate: row.codeTemplate,
    ...(row.bodySms === null ? {} : { BodySms: row.bodySms }),
    id: row.id,
    subject: row.subject,
    body: row.body,
    excludeCustomerContent: row.excludeCustomerContent,
    version: row.version
  };
}

/** The catalogue's order of the events (an event no longer in it last), then the type. */
function byEvent(a: Row, b: Row): number {
  const rank = (code: string) => {
    const at = NOTIFICATION_EVENT_CODES.indexOf(code as (typeof NOTIFICATION_EVENT_CODES)[number]);
    return at === -1 ? NOTIFICATION_EVENT_CODES.length : at;
  };
  return rank(a.eventType) - rank(b.eventType) || a.eventType.localeCompare(b.eventType) || a.typeNotificationId - b.typeNotificationId || a.id - b.id;
}

export const notificationTemplateRepository = {
  /** The organisation's templates, of one notification type when given, in the catalogue's order of events. */
  async list(db: Db, orgId: number, typeNotification?: number): Promise<NotificationTemplate[]> {
    const rows = await db
      .select()
      .from(notificationTemplates)
      .where(
        and(
          eq(notificationTemplates.organizationId, orgId),
          typeNotification === undefined ? undefined : eq(notificationTemplates.typeNotificationId, typeNotification)
        )
      )
      .orderBy(asc(notificationTemplates.id));
    return rows.sort(byEvent).map(toTemplate);
  },

  /**
   * Stores a checked template: with `id`, that template of the organisation (404 for any other),
   * moved to the body's event and type if they changed (409 when the organisation already has that
   * one); without, the organisation's template of the event and type, created or replaced. Either
   * way its version grows by one.
   */
  async upsert(db: Db, orgId: number, body: TemplateBody, checked: CheckedTemplate, now: Date): Promise<NotificationTemplate> {
    const fields = {
      eventType: checked.event.code,
      typeNotificationId: body.TypeNotification,
      codeTemplate: body.codeTemplate,
      subject: checked.subject,
      body: checked.body,
      bodySms: checked.bodySms,
      excludeCustomerContent: checked.excludeCustomerContent,
      updatedAt: now
    };
    const next = sql`${notificationTemplates.version} + 1`;
    if (body.id !== undefined) {
      const [updated] = await db
        .update(notificationTemplates)
        .set({ ...fields, version: next })
        .where(and(eq(notificationTemplates.id, body.id), eq(notificationTemplates.organizationId, orgId)))
        .returning()
        .catch(duplicateAs(DUPLICATES));
      return toTemplate(found(updated, TEMPLATE_TEXT.notFound));
    }
    const [stored] = await db
      .insert(notificationTemplates)
      .values({ ...fields, organizationId: orgId })
      .onConflictDoUpdate({
        target: [notificationTemplates.organizationId, notificationTemplates.eventType, notificationTemplates.typeNotificationId],
        set: { ...fields, version: next }
      })
      .returning();
    if (!stored) throw new Error('upsertTemplatesByCompanyAndEventType: no row');
    return toTemplate(stored);
  },

  /**
   * The template `id` as the caller may reach it: its company decides the scope — any organisation
   * not deleted for the roles that choose one (1), the caller's own for the others (3). Anything
   * else is the same 404 as a template that does not exist.
   */
  async ofCaller(db: Db, user: TokenClaims, id: number): Promise<Row> {
    const [row] = await db
      .select({ template: notificationTemplates })
      .from(notificationTemplates)
      .innerJoin(organizations, eq(organizations.idOrg, notificationTemplates.organizationId))
      .where(and(eq(notificationTemplates.id, id), isNull(organizations.deletedAt)))
      .limit(1);
    const template = row?.template;
    if (!template || (template.organizationId !== user.company && !choosesOrganisation(user.role))) return found<Row>(undefined, TEMPLATE_TEXT.notFound);
    return template;
  },

  async remove(db: Db, orgId: number, id: number): Promise<void> {
    const rows = await db
      .delete(notificationTemplates)
      .where(and(eq(notificationTemplates.id, id), eq(notificationTemplates.organizationId, orgId)))
      .returning({ id: notificationTemplates.id });
    removed(rows, TEMPLATE_TEXT.notFound);
  }
};
