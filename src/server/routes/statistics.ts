import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { EndpointDef } from '../../shared/api/endpoint';
import { executeStat, STAT_KEYS, statInput, withDefaultDays, type StatKey } from '../stats';
import { expectCall } from '../stats/executor';
import { checkFilterReferences } from '../stats/references';
import { defineRoutes } from './module';
import { implement, type RouteHandler } from './register';

/** Each call's announcement to the executor (expectCall): made when the request is read, ended when it names its statements or answers. */
const arrivals = new WeakMap<FastifyRequest, () => void>();
const arrived = (request: FastifyRequest): void => arrivals.get(request)?.();
const arrivedHook = async (request: FastifyRequest): Promise<void> => arrived(request);

/**
 * The statistics of SPEC §7 (src/server/stats): each catalogue entry of STAT_KEYS answers its SQL
 * statistic for the caller's organisation. implement() checks the token, the role (403), the query
 * (400 in Spanish) and the organisation of the path (403 for another one, roles 1–2 excepted).
 * start and end default to today in Bogotá (SPEC §3) when the call names none.
 */
export const statisticsRoutes = defineRoutes(['statistics', 'interactions', 'clientStatistics', 'charts', 'reports', 'agentState', 'notifications'], (app) => {
  void app.register(async (scope) => {
    // A page's calls find each other's statements (stats/executor.ts) without a fixed wait.
    scope.addHook('onRequest', async (request) => {
      arrivals.set(request, expectCall(scope.services.reportsDb));
    });
    scope.addHook('onResponse', arrivedHook);
    scope.addHook('onRequestAbort', arrivedHook);
    scope.addHook('preValidation', async (request) => {
      request.query = withDefaultDays(request.query, scope.services.now());
    });
    for (const key of STAT_KEYS) serve(scope, key);
  });
});

function serve<K extends StatKey>(app: FastifyInstance, key: K): void {
  const handler: RouteHandler<EndpointDef> = async ({ db, orgId, query, params, services, request }) => {
    const input = statInput<K>(orgId, query as never, params as never, services.now());
    const filter: object = input.query ?? {};
    await checkFilterReferences(db, orgId, filter);
    arrived(request);
    // On the reports' own connections (PostgreSQL): a heavy statistic never holds one the chat needs.
    return executeStat(services.reportsDb, key, input);
  };
  implement(app, endpoints[key] as EndpointDef, handler);
}
