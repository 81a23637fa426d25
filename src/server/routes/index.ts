import type { FastifyInstance } from 'fastify';
import { registerAgentStateRoutes } from './agent-state';
import { registerAgentSupervisionRoutes } from './agent-supervision';
import { registerAuthRoutes } from './auth';
import { registerChatParameterRoutes } from './chat-parameters';
import { registerChatRoutes } from './chats';
import { registerConsoleExtraRoutes } from './console-extras';
import { registerDirectoryRoutes } from './directory';
import { registerEndMessageRoutes } from './end-messages';
import { registerErrorLogRoutes } from './error-log';
import { registerLocationRoutes } from './locations';
import { registerMultimediaRoutes } from './multimedia';
import { registerNotificationTypeRoutes } from './notification-types';
import { registerOrganizationRoutes } from './organizations';
import { registerReportRoutes } from './reports';
import { registerReasonRoutes } from './reasons';
import { registerResponseTemplateRoutes } from './response-templates';
import { registerSplitAgentRoutes } from './split-agents';
import { registerSplitDeriveRoutes } from './split-derives';
import { registerSplitScheduleRoutes } from './split-schedules';
import { registerSplitRoutes } from './splits';
import { registerStatisticsRoutes } from './statistics';
import { registerUserRoutes } from './users';
import { registerWidgetRoutes } from '../widget';

/** Every implemented catalogue entry, and the customer widget. Entries without a module here answer 404. */
export function registerRoutes(app: FastifyInstance): void {
  registerAuthRoutes(app);
  registerOrganizationRoutes(app);
  registerEndMessageRoutes(app);
  registerErrorLogRoutes(app);
  registerUserRoutes(app);
  registerReasonRoutes(app);
  registerAgentStateRoutes(app);
  registerChatRoutes(app);
  registerConsoleExtraRoutes(app);
  registerChatParameterRoutes(app);
  registerSplitRoutes(app);
  registerSplitScheduleRoutes(app);
  registerSplitDeriveRoutes(app);
  registerSplitAgentRoutes(app);
  registerAgentSupervisionRoutes(app);
  registerLocationRoutes(app);
  registerResponseTemplateRoutes(app);
  registerDirectoryRoutes(app);
  registerMultimediaRoutes(app);
  registerStatisticsRoutes(app);
  registerReportRoutes(app);
  registerNotificationTypeRoutes(app);
  // The customer's web chat (not a catalogue entry: the page, its config and its files).
  registerWidgetRoutes(app);
}
