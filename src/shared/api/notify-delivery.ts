import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS } from './access';
import { IdParam, SuccessResult } from '../domain/common';
import { hasNoControl, requiredText } from '../domain/fields';
import { UpsertNotificationTemplate } from '../domain/notification';
import { NotifyChannelsBody, NotifyChannelsView, NotifyProbeBody, NotifyProbeResult, OutboxEntry, Suppression, TemplatePreview } from '../domain/notify-channels';

const N = '/api/organization/{idOrg}/notificaciones';

/**
 * Issue 39: how notifications leave the platform, and what did not (SPEC §7 shows none of these
 * paths): the organisation's SMTP and SMS settings with 'Probar conexión', a template's preview
 * and 'Enviar prueba', the notifications the outbox gave up on with 'Reintentar', the suppressed
 * addresses, and the desktop app's report of a scheduled export that failed.
 */
export const notifyDeliveryEndpoints = {
  notifyChannels: endpoint({
    service: 'notifications',
    method: 'GET',
    path: `${N}/canales`,
    params: IdOrgParams,
    response: NotifyChannelsView,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours): the SMTP and SMS settings (defaults with configured=false before the first save). Password and token never answered: only hasSmtpPassword and hasSmsToken.'
  }),
  saveNotifyChannels: endpoint({
    service: 'notifications',
    method: 'PUT',
    path: `${N}/canales`,
    params: IdOrgParams,
    body: NotifyChannelsBody,
    response: NotifyChannelsView,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours): creates or replaces the settings; a secret left out keeps the stored one. The SMTP host and SMS URL must resolve to public addresses (or NOTIFY_ALLOWED_HOSTS): 400 otherwise.'
  }),
  probeNotifyChannel: endpoint({
    service: 'notifications',
    method: 'POST',
    path: `${N}/canales/probar`,
    params: IdOrgParams,
    body: NotifyProbeBody,
    response: NotifyProbeResult,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). 'Probar conexión': connects with the typed settings (unsaved; a secret left out is the stored one) and answers whether the server accepted them, sending nothing. Rate-limited per organisation (429)."
  }),
  previewNotificationTemplate: endpoint({
    service: 'notifications',
    method: 'POST',
    path: '/config/previewTemplate',
    body: UpsertNotificationTemplate,
    response: TemplatePreview,
    access: SETTINGS_EDITORS,
    org: { in: 'body', name: 'companyId' },
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours): renders the template as typed with the organisation's latest real record for the event (a finished conversation, a user), or the catalogue's examples when there is none. 400 with the Spanish reason for an unknown variable or bad Liquid."
  }),
  sendTestNotificationTemplate: endpoint({
    service: 'notifications',
    method: 'POST',
    path: '/config/sendTestTemplate/{id}',
    params: z.object({ id: IdParam }),
    body: z.object({ phone: z.string().trim().regex(/^\+?[0-9]{7,15}$/, { message: 'Ingrese un número de celular válido' }).optional() }),
    response: z.object({ queued: z.boolean(), recipient: z.string() }),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). 'Enviar prueba': queues the saved template, rendered as its preview, to the editor's own address (an SMS template: to the phone in the body). The template's company decides the scope."
  }),
  outboxEntries: endpoint({
    service: 'notifications',
    method: 'GET',
    path: `${N}/pendientes`,
    params: IdOrgParams,
    response: z.array(OutboxEntry),
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours): the organisation's notifications that failed for good ('FALLIDA') or are still being retried, newest first (at most 200)."
  }),
  retryOutboxEntry: endpoint({
    service: 'notifications',
    method: 'POST',
    path: `${N}/pendientes/{id}/reintentar`,
    params: IdOrgParams.extend({ id: IdParam }),
    response: OutboxEntry,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). 'Reintentar': a failed notification goes back to the queue with its tries reset (its idempotency key unchanged). 409 when it is not 'FALLIDA'."
  }),
  notificationSuppressions: endpoint({
    service: 'notifications',
    method: 'GET',
    path: `${N}/suprimidos`,
    params: IdOrgParams,
    response: z.array(Suppression),
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours): the addresses nothing is sent to any more (a permanent bounce), with why and since when.'
  }),
  deleteNotificationSuppression: endpoint({
    service: 'notifications',
    method: 'DELETE',
    path: `${N}/suprimidos`,
    params: IdOrgParams,
    query: z.object({
      address: z
        .string()
        .trim()
        .toLowerCase()
        .min(1, { message: 'Ingrese la dirección' })
        .max(254, { message: 'La dirección no puede superar 254 caracteres' })
        .refine(hasNoControl, { message: 'La dirección contiene caracteres no permitidos' })
    }),
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours): the address receives notifications again. 404 when it is not suppressed.'
  }),
  reportScheduledExportFailed: endpoint({
    service: 'notifications',
    method: 'POST',
    path: '/api/notificaciones/eventos/exportacion-fallida',
    body: z.object({
      report: requiredText('El reporte', 120),
      error: requiredText('El error', 500)
    }),
    response: z.object({ queued: z.number().int().nonnegative() }),
    access: SETTINGS_EDITORS,
    note: "Path not shown in SPEC (ours): the desktop app's scheduler says a scheduled export of the signed-in administrator failed; the platform raises EXPORTACION_FALLIDA to that person (their own organisation, from the token)."
  })
} as const;
