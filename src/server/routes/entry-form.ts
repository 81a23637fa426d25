import { endpoints } from '../../shared/api/catalogue';
import { entryFormRepository as entryForm } from '../settings/repositories/entry-form';
import { defineRoutes } from './module';
import { implement } from './register';

/** formulario-entrada: the customer's entry form of a virtual agent (the widget reads it at each opening). */
export const entryFormRoutes = defineRoutes('entryForm', (app) => {
  implement(app, endpoints.entryForm, ({ db, orgId, query }) => entryForm.get(db, orgId, query.idVa));
  implement(app, endpoints.updateEntryForm, ({ db, orgId, query, body }) => entryForm.replace(db, orgId, query.idVa, body));
  implement(app, endpoints.updateEntryFormOrder, ({ db, orgId, query, body }) => entryForm.reorder(db, orgId, query.idVa, body));
});
