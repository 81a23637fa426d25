import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { EndpointDef } from '../../shared/api/endpoint';
import type { CsvStatisticsFilter } from '../../shared/domain/filter';
import { CSV_REPORTS, csvReportStream, type CsvReportKey } from '../reports/csv';
import { checkFilterReferences } from '../stats/references';
import { dayRange, withDefaultDays } from '../stats/scope';
import { defineRoutes } from './module';
import { implement, type RouteHandler } from './register';

/**
 * The CSV downloads of the reports (src/server/reports/csv.ts): checked like the statistics (token,
 * role, query, organisation; start and end default to today), then streamed from the database as
 * the engine hands the rows over. A failure after the first bytes cuts the connection instead of
 * ending the file, so a client never takes a truncated file for a whole one.
 */
export const reportRoutes = defineRoutes(['reports', 'agentState'], (app) => {
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      request.query = withDefaultDays(request.query, scope.services.now());
    });
    for (const key of CSV_REPORTS) serve(scope, key);
  });
});

function serve(app: FastifyInstance, key: CsvReportKey): void {
  const handler: RouteHandler<EndpointDef> = async ({ db, orgId, query, services, reply }) => {
    const filter = query as CsvStatisticsFilter;
    await checkFilterReferences(db, orgId, filter);
    const input = { idOrg: orgId, query: filter, range: dayRange(filter.start, filter.end), now: services.now() };
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${key}.csv"`);
    reply.header('cache-control', 'no-store');
    return csvReportStream(services.csv, key, input, filter.delimiter);
  };
  implement(app, endpoints[key] as EndpointDef, handler);
}
