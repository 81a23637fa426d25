import { endpoints } from '../../shared/api/catalogue';
import { featureRepository as features } from '../settings/repositories/features';
import { defineRoutes } from './module';
import { implement } from './register';

/** personalizacion/funcionalidades: the feature toggles of a virtual agent (the engine and the widget read them on every request). */
export const featureRoutes = defineRoutes('features', (app) => {
  implement(app, endpoints.features, ({ db, orgId, params }) => features.list(db, orgId, params.idVa));
  implement(app, endpoints.updateFeatureStatus, ({ db, orgId, params, body }) => features.update(db, orgId, params.idVa, body));
});
