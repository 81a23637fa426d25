import { RateLimiterRes } from 'rate-limiter-flexible';
import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { listDesks, recordDeskReport } from '../desks/repository';
import { HttpError } from '../http/errors';
import { defineRoutes } from './module';
import { implement } from './register';

/** One report per desk every 30 s: a desk flooding reports is refused (issue 41). */
export const DESK_REPORT_WINDOW_SECONDS = 30;
export const DESK_FLOOD_TEXT = 'Este puesto envió su reporte hace menos de 30 segundos; el siguiente se acepta después';

/** Issue 41: 'Salud de los puestos'. */
export const deskRoutes = defineRoutes('desks', (app) => {
  const budget = app.services.limiters.limiter('desk-report', { points: 1, durationSeconds: DESK_REPORT_WINDOW_SECONDS });
  implement(
    app,
    endpoints.reportDesk,
    async ({ db, orgId, user, body, services }) => {
      try {
        await budget.consume(`${orgId}|${body.deskId}`);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw new HttpError(429, DESK_FLOOD_TEXT, { 'retry-after': String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))) });
      }
      await recordDeskReport(db, { orgId, userId: callerId(user), body, now: services.now() });
      return { received: true as const };
    },
    { bodyLimit: endpoints.reportDesk.maxBodyBytes }
  );
  implement(app, endpoints.desks, ({ db, orgId, services }) => listDesks(db, orgId, services.now()));
});
