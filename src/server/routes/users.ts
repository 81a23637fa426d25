import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { users } from '../db/schema';
import { byName } from './listing';
import { implement } from './register';

const AGENT_ROLE = 5;

export function registerUserRoutes(app: FastifyInstance): void {
  /** The organisation's human agents (role 5), inactive ones included with their flag, by name. */
  implement(app, endpoints.agents, async ({ db, orgId }) => {
    const rows = await db
      .select({ idUser: users.idUser, name: users.name, email: users.email, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.organizationId, orgId), eq(users.role, AGENT_ROLE)));
    return byName(rows, (u) => u.name, (u) => u.idUser);
  });
}
