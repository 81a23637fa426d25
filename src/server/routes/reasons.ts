import { endpoints } from '../../shared/api/catalogue';
import { businessReasonRepository as business, finalReasonRepository as final, listAutomaticTransferReasons } from '../settings/repositories/reasons';
import { defineRoutes } from './module';
import { implement } from './register';

/** causales-negocio and causales-finalizacion: the organisation's reasons (src/server/settings/repositories/reasons.ts). */
export const reasonRoutes = defineRoutes('reasons', (app) => {
  implement(app, endpoints.businessReasons, ({ db, orgId }) => business.list(db, orgId, false));
  // SPEC §8: the not-found case of the active lists is an empty list, so none is simply [].
  implement(app, endpoints.activeBusinessReasons, ({ db, orgId }) => business.list(db, orgId, true));
  implement(app, endpoints.createBusinessReason, ({ db, orgId, body, services }) => business.create(db, orgId, body, services.now()));
  implement(app, endpoints.updateBusinessReason, ({ db, orgId, body, services }) => business.update(db, orgId, body, services.now()));
  implement(app, endpoints.deleteBusinessReason, async ({ db, orgId, query, services }) => {
    await business.remove(db, orgId, query.idCausal, services.now());
    return true;
  });

  implement(app, endpoints.finalReasons, ({ db, orgId }) => final.list(db, orgId, false));
  implement(app, endpoints.activeFinalReasons, ({ db, orgId }) => final.list(db, orgId, true));
  implement(app, endpoints.createFinalReason, ({ db, orgId, body, services }) => final.create(db, orgId, body, services.now()));
  implement(app, endpoints.updateFinalReason, ({ db, orgId, body, services }) => final.update(db, orgId, body, services.now()));
  implement(app, endpoints.deleteFinalReason, async ({ db, orgId, query, services }) => {
    await final.remove(db, orgId, query.idCausal, services.now());
    return true;
  });

  implement(app, endpoints.automaticTransferReasons, ({ db }) => listAutomaticTransferReasons(db));
});
