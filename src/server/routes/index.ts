import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth';
import { registerEndMessageRoutes } from './end-messages';
import { registerErrorLogRoutes } from './error-log';
import { registerOrganizationRoutes } from './organizations';

/** Every implemented catalogue entry. Entries without a module here answer 404. */
export function registerRoutes(app: FastifyInstance): void {
  registerAuthRoutes(app);
  registerOrganizationRoutes(app);
  registerEndMessageRoutes(app);
  registerErrorLogRoutes(app);
}
