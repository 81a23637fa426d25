import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS } from './access';
import { IdParam, SuccessResult } from '../domain/common';
import { CreateNotificationEmail, NotificationEmail, UpdateNotificationEmail } from '../domain/notification';

const E = '/api/organization/{idOrg}/emailsNotifications';

/** SPEC §7 "Notification emails" (notifications service). */
export const emailEndpoints = {
  notificationEmails: endpoint({
    service: 'notifications',
    method: 'GET',
    path: `${E}/getEmailsNotifications`,
    params: IdOrgParams,
    response: z.array(NotificationEmail),
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Shape not shown in SPEC: the addresses that receive notification e-mails (idEmail, email, descripcion, activo), newest first.'
  }),
  createNotificationEmail: endpoint({
    service: 'notifications',
    method: 'POST',
    path: `${E}/createEmailNotifications`,
    params: IdOrgParams,
    body: CreateNotificationEmail,
    response: NotificationEmail,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body not shown in SPEC: email, descripcion, activo. 409 when the address is already registered. Answers the created record.'
  }),
  updateNotificationEmail: endpoint({
    service: 'notifications',
    method: 'PUT',
    path: `${E}/updateEmailNotifications`,
    params: IdOrgParams,
    body: UpdateNotificationEmail,
    response: NotificationEmail,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body: idEmail with email, descripcion, activo. Answers the updated record.'
  }),
  deleteNotificationEmail: endpoint({
    service: 'notifications',
    method: 'DELETE',
    path: `${E}/deleteteEmailNotifications`,
    params: IdOrgParams,
    query: z.object({ idEmail: IdParam }),
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path spelled as SPEC gives it; query idEmail. Answers { success }.'
  })
} as const;
