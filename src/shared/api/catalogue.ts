import type { EndpointDef } from './endpoint';
import { authEndpoints } from './auth';
import { organizationEndpoints } from './organizations';
import { errorLogEndpoints } from './error-log';
import { endMessageEndpoints } from './end-messages';
import { userEndpoints } from './users';
import { reasonEndpoints } from './reasons';
import { agentStateEndpoints } from './agent-state';
import { statisticsEndpoints } from './statistics';
import { interactionEndpoints } from './interactions';
import { clientStatisticsEndpoints } from './clients';
import { chartEndpoints } from './charts';
import { reportEndpoints } from './reports';
import { multimediaEndpoints } from './multimedia';
import { dashboardDesignEndpoints } from './dashboard-design';
import { chatEndpoints } from './chats';
import { locationEndpoints } from './locations';
import { notificationEndpoints } from './notifications';
import { parameterEndpoints } from './parameters';
import { directoryEndpoints } from './directory';
import { responseTemplateEndpoints } from './response-templates';
import { sessionExpiryEndpoints } from './session-expiry';
import { entryFormEndpoints } from './entry-form';
import { emailEndpoints } from './emails';
import { featureEndpoints } from './features';
import { splitEndpoints } from './splits';
import { widgetEndpoints } from './widget';
import { workspaceEndpoints } from './workspaces';
import { agentSupervisionEndpoints } from './agent-supervision';
import { splitBulkEndpoints } from './splits-bulk';
import { consoleExtraEndpoints } from './console-extras';
import { ldapEndpoints } from './ldap';
import { notifyDeliveryEndpoints } from './notify-delivery';
import { queueSupervisionEndpoints } from './queue-supervision';
import { updateEndpoints } from './updates';
import { deskEndpoints } from './desks';

/** The area files, by area; tests check that no two areas use the same entry name. */
export const endpointAreas = {
  auth: authEndpoints,
  organizations: organizationEndpoints,
  errorLog: errorLogEndpoints,
  endMessages: endMessageEndpoints,
  users: userEndpoints,
  reasons: reasonEndpoints,
  agentState: agentStateEndpoints,
  statistics: statisticsEndpoints,
  interactions: interactionEndpoints,
  clientStatistics: clientStatisticsEndpoints,
  charts: chartEndpoints,
  reports: reportEndpoints,
  multimedia: multimediaEndpoints,
  dashboardDesign: dashboardDesignEndpoints,
  chats: chatEndpoints,
  locations: locationEndpoints,
  notifications: notificationEndpoints,
  parameters: parameterEndpoints,
  directory: directoryEndpoints,
  responseTemplates: responseTemplateEndpoints,
  sessionExpiry: sessionExpiryEndpoints,
  entryForm: entryFormEndpoints,
  emails: emailEndpoints,
  features: featureEndpoints,
  splits: splitEndpoints,
  widget: widgetEndpoints,
  workspaces: workspaceEndpoints,
  agentSupervision: agentSupervisionEndpoints,
  splitBulk: splitBulkEndpoints,
  consoleExtras: consoleExtraEndpoints,
  ldap: ldapEndpoints,
  notifyDelivery: notifyDeliveryEndpoints,
  queueSupervision: queueSupervisionEndpoints,
  updates: updateEndpoints,
  desks: deskEndpoints
} as const;

/** A catalogue area: one file of src/shared/api (the server's route modules say which areas they implement). */
export type CatalogueArea = keyof typeof endpointAreas;

/**
 * The endpoint catalogue: one entry per SPEC §7 call. The platform server registers its routes
 * from these entries and the main-process API client calls through them, so the two cannot drift.
 * An entry without a server handler yet answers 404 (the route is simply not registered).
 */
export const endpoints = {
  ...authEndpoints,
  ...organizationEndpoints,
  ...errorLogEndpoints,
  ...endMessageEndpoints,
  ...userEndpoints,
  ...reasonEndpoints,
  ...agentStateEndpoints,
  ...statisticsEndpoints,
  ...interactionEndpoints,
  ...clientStatisticsEndpoints,
  ...chartEndpoints,
  ...reportEndpoints,
  ...multimediaEndpoints,
  ...dashboardDesignEndpoints,
  ...chatEndpoints,
  ...locationEndpoints,
  ...notificationEndpoints,
  ...parameterEndpoints,
  ...directoryEndpoints,
  ...responseTemplateEndpoints,
  ...sessionExpiryEndpoints,
  ...entryFormEndpoints,
  ...emailEndpoints,
  ...featureEndpoints,
  ...splitEndpoints,
  ...widgetEndpoints,
  ...workspaceEndpoints,
  ...agentSupervisionEndpoints,
  ...splitBulkEndpoints,
  ...consoleExtraEndpoints,
  ...ldapEndpoints,
  ...notifyDeliveryEndpoints,
  ...queueSupervisionEndpoints,
  ...updateEndpoints,
  ...deskEndpoints
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
