import { endpoints } from '../../shared/api/catalogue';
import type { NotificationEventCode } from '../../shared/notifications/events';
import { liquidReason } from '../../shared/notifications/liquid';
import { HttpError } from '../http/errors';
import { kickNotifyWorker } from '../notify/kick';
import { raiseEvent } from '../notify/outbox';
import { checkTemplate, exampleFlatVariables, renderChecked, type CheckedTemplate } from '../notify/templates';
import { latestRecordVariables, organisationName } from '../notify/variables';
import { notificationTemplateRepository as templates, toTemplate } from '../settings/repositories/notification-templates';
import type { Db } from '../db/types';
import { defineRoutes } from './module';
import { implement } from './register';

export const SEND_TEST_TEXT = {
  phoneRequired: 'phone: Ingrese el número de celular al que se enviará la prueba del SMS'
} as const;

export const PREVIEW_TEXT = {
  cannotRender: (source: string | null) => `La plantilla no se puede generar con ${source === null ? 'los datos de ejemplo' : `el registro «${source}»`}`
} as const;

/**
 * The variables a template of the event is previewed and tried with, as flat paths, and what they
 * come from: the organisation's latest real record of the event (notify/variables.ts: its latest
 * finished conversation, its latest chat not attended, its latest locked account…), or — with none,
 * source null — the catalogue's examples, with the organisation's own name.
 */
async function previewVariables(db: Db, orgId: number, template: CheckedTemplate, now: Date): Promise<{ flat: Record<string, unknown>; source: string | null }> {
  const record = await latestRecordVariables(db, orgId, template.event.code as NotificationEventCode, now);
  if (record) return { flat: record.variables, source: record.source };
  return { flat: { ...exampleFlatVariables(template.event), 'organizacion.nombre': await organisationName(db, orgId) }, source: null };
}

/** The template rendered with `flat`; a text the record cannot render (a limit of the engine) is a Spanish 400, not a 500. */
function rendered(template: CheckedTemplate, flat: Record<string, unknown>, source: string | null): ReturnType<typeof renderChecked> {
  try {
    return renderChecked(template, flat);
  } catch (error) {
    throw new HttpError(400, `${PREVIEW_TEXT.cannotRender(source)}: ${liquidReason(error)}`);
  }
}

/**
 * notificaciones/eventos (SPEC §7 "Notification templates", issue 39): the organisation's templates
 * of each event per notification type, checked on save (notify/templates.ts), their preview and
 * 'Enviar prueba'. The list and the upsert name the organisation (companyId, checked by
 * implement()); delete and 'Enviar prueba' name the template, whose company decides the scope.
 */
export const notificationTemplateRoutes = defineRoutes(['notifications', 'notifyDelivery'], (app) => {
  implement(app, endpoints.notificationTemplates, ({ db, orgId, query }) => templates.list(db, orgId, query.TypeNotification));

  implement(app, endpoints.upsertNotificationTemplate, async ({ db, orgId, body, services }) => {
    const checked = await checkTemplate(db, orgId, body);
    return templates.upsert(db, orgId, body, checked, services.now());
  });

  implement(app, endpoints.deleteNotificationTemplate, async ({ db, user, params }) => {
    const template = await templates.ofCaller(db, user, params.id);
    await templates.remove(db, template.organizationId, template.id);
    return { success: true };
  });

  // The template as typed (unsaved), rendered with the organisation's latest real record for the event.
  implement(app, endpoints.previewNotificationTemplate, async ({ db, orgId, body, services }) => {
    const checked = await checkTemplate(db, orgId, body);
    const { flat, source } = await previewVariables(db, orgId, checked, services.now());
    return { ...rendered(checked, flat, source), source };
  });

  // The saved template queued to the editor's own address (an SMS one: to the phone typed) through
  // the outbox, so the worker sends it and the notification log shows it like any other.
  implement(app, endpoints.sendTestNotificationTemplate, async ({ db, user, params, body, services }) => {
    const row = await templates.ofCaller(db, user, params.id);
    const saved = toTemplate(row);
    const checked = await checkTemplate(db, row.organizationId, { ...saved, companyId: row.organizationId });
    if (checked.channel === 'sms' && !body.phone) throw new HttpError(400, SEND_TEST_TEXT.phoneRequired);
    const recipient = checked.channel === 'sms' ? (body.phone ?? '') : user.email;
    const { flat, source } = await previewVariables(db, row.organizationId, checked, services.now());
    // What the worker will render: refused here, with its reason, rather than queued to fail.
    rendered(checked, flat, source);
    const queued = await db.transaction((tx) =>
      raiseEvent(tx, {
        organizationId: row.organizationId,
        eventType: checked.event.code as NotificationEventCode,
        variables: flat,
        to: [checked.channel === 'sms' ? { phone: recipient, role: 'ADMINISTRADOR' } : { email: recipient, role: 'ADMINISTRADOR' }]
      })
    );
    if (queued > 0) kickNotifyWorker();
    return { queued: queued > 0, recipient };
  });
});
