import { z } from 'zod';
import { endpoint } from './endpoint';
import { ANALYTICS_READERS, IdOrgParams, ORG_PATH, ORG_PATH_ID, OrgIdParams, SETTINGS_EDITORS } from './access';
import { IdParam, SuccessResult } from '../domain/common';
import { FilterQuery, PagedFilterQuery } from '../domain/filter';
import { EventRoleCount, NotificationStatusCount, NotificationTemplate, NotificationType, UpsertNotificationTemplate } from '../domain/notification';
import { NotificationLogPage } from '../domain/paged';

/** SPEC §7 "Notification templates" and the notification statistics (notifications service). */
export const notificationEndpoints = {
  notificationTypes: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/api/types/notifications/company/{id}',
    params: OrgIdParams,
    response: z.array(NotificationType),
    access: [1, 2, 3, 4],
    ipc: ['analytics', 'settings'],
    org: ORG_PATH_ID,
    note: "The {id} is the organisation (default notification company 100). The client adds checked to each type, like channels. Also a settings call: the eventos screen names each template's type and offers E-mail and SMS."
  }),
  notificationTemplates: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/config/getTemplatesByCompany',
    query: z.object({ companyId: IdParam, TypeNotification: IdParam.optional() }),
    response: z.array(NotificationTemplate),
    access: SETTINGS_EDITORS,
    org: { in: 'query', name: 'companyId' },
    ipc: ['settings'],
    note: 'The templates of the company, optionally of one notification type.'
  }),
  deleteNotificationTemplate: endpoint({
    service: 'notifications',
    method: 'DELETE',
    path: '/config/deleteTemplate/{id}',
    params: z.object({ id: IdParam }),
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: "The {id} is the template's. The template's company decides the scope (the caller must be allowed on it). Answers { success }."
  }),
  upsertNotificationTemplate: endpoint({
    service: 'notifications',
    method: 'POST',
    path: '/config/upsertTemplatesByCompanyAndEventType',
    body: UpsertNotificationTemplate,
    response: NotificationTemplate,
    access: SETTINGS_EDITORS,
    org: { in: 'body', name: 'companyId' },
    ipc: ['settings'],
    note: 'One template per company, event type and notification type: creates it, or replaces it (by id or by that key). BodySms and id only when present (SPEC §5).'
  }),
  notificationLog: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/api/statistics/notificationsLog/company/{idOrg}',
    params: IdOrgParams,
    query: PagedFilterQuery,
    response: NotificationLogPage,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The notification log (the report whose path SPEC §7 Reports does not show): SPEC §3 notificationsLog, totalPages, totalResult; notifChannels and events narrow it.'
  }),
  notificationsByStatus: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/api/statistics/notificationsByStatus/company/{id}',
    params: OrgIdParams,
    query: FilterQuery,
    response: z.array(NotificationStatusCount),
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH_ID,
    note: 'Shape not shown in SPEC: notifications sent in the range per delivery status. The {id} is the organisation.'
  }),
  eventsByTypeEventRole: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/api/statistics/eventsByTypeEventRole/company/{id}',
    params: OrgIdParams,
    query: FilterQuery,
    response: z.array(EventRoleCount),
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH_ID,
    note: 'Shape not shown in SPEC: notifications in the range per event type and recipient role. The {id} is the organisation.'
  })
} as const;
