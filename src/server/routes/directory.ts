import { endpoints } from '../../shared/api/catalogue';
import { choosesOrganisation } from '../../shared/roles';
import { directoryRepository as directory } from '../settings/repositories/directory';
import { defineRoutes } from './module';
import { implement } from './register';

/** directorio-contactos, and the console's directory. */
export const directoryRoutes = defineRoutes('directory', (app) => {
  implement(app, endpoints.activeDirectoryContacts, ({ db, orgId, query }) => directory.listActive(db, orgId, query.idVa));
  implement(app, endpoints.directoryContacts, ({ db, orgId, query }) => directory.list(db, orgId, query.idVa));
  implement(app, endpoints.createDirectoryContact, ({ db, orgId, body }) => directory.create(db, orgId, body));
  implement(app, endpoints.updateDirectoryContact, ({ db, orgId, body: { idContact, ...fields } }) => directory.update(db, orgId, idContact, fields));
  /** The path names no organisation: roles 1–2 may delete any organisation's contact, the others only their own. */
  implement(app, endpoints.deleteDirectoryContact, async ({ db, user, params }) => {
    await directory.remove(db, choosesOrganisation(user.role) ? null : user.company, params.idContact);
    return { success: true };
  });
});
