import { endpoints } from '../../shared/api/catalogue';
import { widgetDesignRepository as designs } from '../settings/repositories/widget-design';
import { defineRoutes } from './module';
import { implement } from './register';

/** personalizacion/widget (issue 40): a virtual agent's widget design and avatar. */
export const widgetDesignRoutes = defineRoutes('widget', (app) => {
  implement(app, endpoints.widgetDesign, ({ db, orgId, query }) => designs.design(db, orgId, query.idVa));
  implement(app, endpoints.updateWidgetDesign, ({ db, orgId, body, services }) => {
    const { idVa, ...design } = body;
    return designs.updateDesign(db, orgId, idVa, design, services.now());
  });
  implement(app, endpoints.widgetAvatar, ({ db, orgId, query }) => designs.avatar(db, orgId, query.idVa));
  implement(app, endpoints.upsertWidgetAvatar, ({ db, orgId, query, body, services }) => designs.upsertAvatar(db, orgId, query.idVa, body.url, services.now()));
});
