import { describe, expect, it } from 'vitest';
import { ANALYTICS_CALLS } from '../../src/shared/analytics-calls';
import { SETTINGS_CALLS } from '../../src/shared/settings-calls';
import { endpoints } from '../../src/shared/api/catalogue';
import { ipcContract } from '../../src/shared/ipc';
import type { EndpointDef } from '../../src/shared/api/endpoint';

/**
 * The entries the renderer may reach through the main process ('settings:call', 'analytics:query')
 * derive from the `ipc` flag of each catalogue entry. These sets are written out by hand on
 * purpose: a flag added or dropped by mistake changes what a page may call, and fails here.
 */

const SETTINGS = [
  // asesores
  'agents',
  'agentConnectionStates',
  'agentSplits',
  'createAgentSplit',
  'deleteAgentSplit',
  'setAgentStatus',
  // splits
  'splits',
  'createSplit',
  'updateSplit',
  'updateSplits',
  'deleteSplit',
  'createSplitSchedule',
  'updateSplitSchedule',
  'deleteSplitSchedule',
  'createSplitDerive',
  'updateSplitDerive',
  'deleteSplitDerive',
  // general
  'chatParameters',
  'updateChatParameters',
  'pauseEvents',
  // the supervisor's queue (issue 20)
  'assignQueuedChat',
  'moveQueuedChat',
  'createPauseEvent',
  'updatePauseEvent',
  'deletePauseEvent',
  // causales
  'businessReasons',
  'createBusinessReason',
  'updateBusinessReason',
  'deleteBusinessReason',
  'finalReasons',
  'createFinalReason',
  'updateFinalReason',
  'deleteFinalReason',
  // mensajes, plantillas-respuesta, directorio-contactos
  'endMessages',
  'updateEndMessage',
  'responseTemplates',
  'upsertResponseTemplate',
  'deleteResponseTemplate',
  // workspaces (issue 38)
  'workspaces',
  'workspaceAnswers',
  'syncWorkspaceAnswers',
  'nodeAnswer',
  'upsertAnswer',
  'deleteAnswer',
  'updateWorkspaceThresholds',
  'tryWorkspace',
  'uploadAnswerMedia',
  'virtualAgents',
  'locationList',
  'directoryContacts',
  'createDirectoryContact',
  'updateDirectoryContact',
  'deleteDirectoryContact',
  // asesor-virtual/formulario-entrada
  'entryForm',
  'updateEntryForm',
  'updateEntryFormOrder',
  // asesor-virtual/expiracion-sesion
  'sessionExpirationTypes',
  'updateSessionExpirationType',
  // administración (issue 19): companias, usuarios, parametros
  'organizations',
  'organizationsActive',
  'createOrganization',
  'updateOrganization',
  'deleteOrganization',
  'users',
  'createUser',
  'createCompanyUser',
  'updateUser',
  'updateUserFlags',
  'deleteUser',
  'deleteCompanyUser',
  'lockedUsers',
  'userAccessLog',
  'loginAttempts',
  'updateLoginAttempts',
  'passwordExpiration',
  'updatePasswordExpiration',
  'autoUnlock',
  'updateAutoUnlock',
  // the LDAP directory of parametros (its 'Probar' too)
  'ldapSettings',
  'saveLdapSettings',
  'probeLdap',
  // regionales (issue 38)
  'createRegional',
  'updateRegional',
  'deleteRegional',
  'updateDepartment',
  // personalizacion/funcionalidades (issue 38)
  'features',
  'updateFeatureStatus',
  // notificaciones/eventos (issue 39): the templates, their types, preview and test; the channels, the outbox, the suppressed addresses
  'notificationTypes',
  'notificationTemplates',
  'upsertNotificationTemplate',
  'deleteNotificationTemplate',
  'previewNotificationTemplate',
  'sendTestNotificationTemplate',
  'notifyChannels',
  'saveNotifyChannels',
  'probeNotifyChannel',
  'outboxEntries',
  'retryOutboxEntry',
  'notificationSuppressions',
  'deleteNotificationSuppression',
  // notificaciones/emails (issue 39)
  'notificationEmails',
  'createNotificationEmail',
  'updateNotificationEmail',
  'deleteNotificationEmail',
  // personalizacion/dashboard and widget (issue 40)
  'dashboardDesign',
  'updateDashboardDesign',
  'dashboardImage',
  'updateDashboardImage',
  'dashboardDesignVersions',
  'restoreDashboardDesign',
  'uploadDesignImage',
  'webFonts',
  'widgetDesign',
  'updateWidgetDesign',
  'widgetAvatar',
  'upsertWidgetAvatar'
];

const ANALYTICS = [
  'tmo',
  'fcr',
  'tmAsignacion',
  'tmAtencionAH',
  'tmAtencionAV',
  'attendedChatsShare',
  'notAttendedChatsShare',
  'missingBotResponse',
  'abandonmentLevel',
  'satisfaction',
  'recurringClients',
  'netPromoterScore',
  'averageInteraction',
  'maxCountEntries',
  'consumerClientsStatistics',
  'conversationsLine',
  'interactionTotals',
  'liveQueue',
  'intentsBars',
  'intentsUnified',
  'intentsQuantity',
  'ratingsLine',
  'intentRatingsBars',
  'consumerIntegrations',
  'attendedChatsLine',
  'agentChatsBars',
  'chatStatusCounts',
  'agentConnectionStates',
  'agentAverageTimeBars',
  'businessCausalStatistics',
  'finalCausalStatistics',
  'humanAgentTypingStatistics',
  'automaticTransferStatistics',
  'scaledChatsBars',
  'escalatedChats',
  'escalatedChatMessages',
  'endMessagesClient',
  'accessLog',
  'conversationsReport',
  'conversationInteractions',
  'humanAgentChats',
  'humanAgentNotAttended',
  'causalReport',
  'agentConnectionHistory',
  'notificationLog',
  'notificationsByStatus',
  'eventsByTypeEventRole',
  'notificationTypes',
  'agents',
  'splits',
  'businessReasons',
  'finalReasons',
  'automaticTransferReasons',
  // the filter bar's events, locations and document types (issue 20)
  'notAttendedEvents',
  'locationList',
  'typeDocuments'
];

const sorted = (names: readonly string[]) => [...names].sort();

describe('the IPC allow-lists', () => {
  it('settings:call lets through exactly these catalogue entries', () => {
    expect(sorted(SETTINGS_CALLS)).toEqual(sorted(SETTINGS));
    expect(new Set(SETTINGS_CALLS).size).toBe(SETTINGS_CALLS.length);
  });

  it('analytics:query lets through exactly these catalogue entries', () => {
    expect(sorted(ANALYTICS_CALLS)).toEqual(sorted(ANALYTICS));
    expect(new Set(ANALYTICS_CALLS).size).toBe(ANALYTICS_CALLS.length);
  });

  it("the Watson import (its body is the file's bytes) is reached through its own channel, 'settings:importWatson', not 'settings:call'", () => {
    expect(SETTINGS_CALLS).not.toContain('importWatsonExport');
    expect((endpoints.importWatsonExport as EndpointDef).ipc).toBeUndefined();
    expect(Object.keys(ipcContract).filter((c) => c.startsWith('settings:')).sort()).toEqual(['settings:call', 'settings:importWatson']);
  });
});
