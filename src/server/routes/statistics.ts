import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { EndpointDef } from '../../shared/api/endpoint';
import { executeStat, STAT_KEYS, statInput, withDefaultDays, type StatKey } from '../stats';
import { checkFilterReferences } from '../stats/references';
import { defineRoutes } from './module';
import { implement, type RouteHandler } from './register';

/**
 * The statistics of SPEC §7 (src/server/stats): each catalogue entry of STAT_KEYS answers its SQL
 * statistic for the caller's organisation. implement() checks the token, the role (403), the query
 * (400 in Spanish) and the organisation of the path (403 for another one, roles 1–2 excepted).
 * start and end default to today in Bogotá (SPEC §3) when the call names none.
 */
export const statisticsRoutes = defineRoutes(['statistics', 'interactions', 'clientStatistics', 'charts', 'reports', 'agentState', 'notifications'], (app) => {
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      request.query = withDefaultDays(request.query, scope.services.now());
    });
    for (const key of STAT_KEYS) serve(scope, key);
  });
});

function serve<K extends StatKey>(app: FastifyInstance, key: K): void {
  const handler: RouteHandler<EndpointDef> = async ({ db, orgId, query, params, services }) => {
    const input = statInput<K>(orgId, query as never, params as never, services.now());
    const filter: object = input.query ?? {};
    await checkFilterReferences(db, orgId, filter);
    return executeStat(db, key, input);
  };
  implement(app, endpoints[key] as EndpointDef, handler);
}
