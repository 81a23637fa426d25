import { endpoints } from '../../shared/api/catalogue';
import { locationRepository as locations } from '../settings/repositories/locations';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * regionales (and the lists every screen with a region, department or city reads): the
 * organisation's regions, the country's departments with the region it gave each, the cities.
 */
export const locationRoutes = defineRoutes('locations', (app) => {
  implement(app, endpoints.locationList, ({ db, orgId, query }) => locations.list(db, orgId, query.requireCities));
  implement(app, endpoints.createRegional, ({ db, orgId, body }) => locations.create(db, orgId, body.name));
  implement(app, endpoints.updateRegional, ({ db, orgId, body }) => locations.rename(db, orgId, body.id, body.name));
  implement(app, endpoints.deleteRegional, async ({ db, orgId, query }) => {
    await locations.remove(db, orgId, query.id);
    return { success: true };
  });
  implement(app, endpoints.updateDepartment, ({ db, orgId, query }) => locations.moveDepartment(db, orgId, query.id, query.idRegional));
});
