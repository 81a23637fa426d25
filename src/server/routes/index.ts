import type { FastifyInstance } from 'fastify';
import { registerFontRoutes } from '../fonts';
import { registerWidgetRoutes } from '../widget';
import { registerUpdateFeed } from '../updates/feed';
import { agentStateRoutes } from './agent-state';
import { agentSupervisionRoutes } from './agent-supervision';
import { authRoutes } from './auth';
import { chatParameterRoutes } from './chat-parameters';
import { chatRoutes } from './chats';
import { consoleExtraRoutes } from './console-extras';
import { conversationReasonRoutes } from './conversation-reasons';
import { dashboardDesignRoutes } from './dashboard-design';
import { directoryRoutes } from './directory';
import { endMessageRoutes } from './end-messages';
import { entryFormRoutes } from './entry-form';
import { errorLogRoutes } from './error-log';
import { featureRoutes } from './features';
import { ldapRoutes } from './ldap';
import { locationRoutes } from './locations';
import { registerModules, type RouteModule } from './module';
import { multimediaRoutes } from './multimedia';
import { notificationEmailRoutes } from './notification-emails';
import { notificationTemplateRoutes } from './notification-templates';
import { notificationTypeRoutes } from './notification-types';
import { notifyEventRoutes } from './notify-events';
import { updateRoutes } from './updates';
import { deskRoutes } from './desks';
import { notifyChannelRoutes } from './notify-channels';
import { notifyOutboxRoutes } from './notify-outbox';
import { organizationRoutes } from './organizations';
import { queueSupervisionRoutes } from './queue-supervision';
import { reasonRoutes } from './reasons';
import { reportRoutes } from './reports';
import { responseTemplateRoutes } from './response-templates';
import { splitRoutes } from './splits';
import { statisticsRoutes } from './statistics';
import { securityParameterRoutes } from './security-parameters';
import { sessionExpiryRoutes } from './session-expiry';
import { userRoutes } from './users';
import { widgetDesignRoutes } from './widget-design';
import { workspaceRoutes } from './workspaces';

/**
 * Every route module, each naming the catalogue areas (src/shared/api/<area>.ts) it implements.
 * A catalogue entry without a module here answers 404; tests/integration/server/route-coverage.test.ts
 * fails when an entry the renderer may call (its `ipc` flag) has none.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  authRoutes,
  ldapRoutes,
  // Administration (configuracion/companias, administrar-usuarios/usuarios and parametros)
  organizationRoutes,
  userRoutes,
  securityParameterRoutes,
  // Human-agent settings (configuracion/asesor-humano/*)
  splitRoutes,
  chatParameterRoutes,
  reasonRoutes,
  endMessageRoutes,
  responseTemplateRoutes,
  directoryRoutes,
  agentSupervisionRoutes,
  queueSupervisionRoutes,
  locationRoutes,
  // Virtual-assistant settings (configuracion/asesor-virtual/workspaces)
  workspaceRoutes,
  // The chat console
  agentStateRoutes,
  chatRoutes,
  conversationReasonRoutes,
  consoleExtraRoutes,
  multimediaRoutes,
  errorLogRoutes,
  // Analytics: statistics, indicators, the report downloads
  statisticsRoutes,
  reportRoutes,
  notificationTypeRoutes,
  // Notifications settings (configuracion/notificaciones/*, issue 39): templates, e-mails, channels
  notificationTemplateRoutes,
  notificationEmailRoutes,
  notifyChannelRoutes,
  // Notifications (issue 39): what the outbox gave up on, and the suppressed addresses
  notifyOutboxRoutes,
  // Virtual-assistant settings (configuracion/asesor-virtual/*)
  entryFormRoutes,
  sessionExpiryRoutes,
  // Personalisation settings (configuracion/personalizacion/funcionalidades)
  featureRoutes,
  // Personalisation (configuracion/personalizacion/dashboard, issue 40): the web-fonts list
  dashboardDesignRoutes,
  // Personalisation (configuracion/personalizacion/widget, issue 40): a virtual agent's widget design and avatar
  widgetDesignRoutes,
  // Notifications (issue 39): the events the desktop app reports
  notifyEventRoutes,
  // The desktop app's staged rollout and the health of every desk (issue 41)
  updateRoutes,
  deskRoutes
];

/** Every implemented catalogue entry, and the customer widget. */
export function registerRoutes(app: FastifyInstance): void {
  registerModules(app, ROUTE_MODULES);
  // The customer's web chat (not a catalogue entry: the page, its config and its files).
  registerWidgetRoutes(app);
  // The web fonts' files, from the installed @fontsource packages (not catalogue entries).
  registerFontRoutes(app);
  // The desktop app's update feed, from UPDATES_DIR (not catalogue entries: electron-updater reads them).
  registerUpdateFeed(app);
}
