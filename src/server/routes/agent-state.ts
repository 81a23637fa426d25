import { endpoints } from '../../shared/api/catalogue';
import { agentStates, toConnectionState } from '../stats/agent-states';
import { byName } from '../http/listing';
import { defineRoutes } from './module';
import { implement } from './register';

export const agentStateRoutes = defineRoutes('agentState', (app) => {
  /**
   * Each active agent of the organisation (a supervisor too once he attends chats: attendants.ts) with its presence ('Activo', 'Pausa', 'Desconectado';
   * no presence row yet: 'Desconectado' since the account exists), the pause event while paused,
   * and its assigned or active chats. splits narrows to agents of any of those splits.
   */
  implement(app, endpoints.agentConnectionStates, async ({ db, orgId, query }) => {
    const agents = await agentStates(db, orgId, { splits: query.splits ?? [] });
    return byName(
      agents,
      (a) => a.name,
      (a) => a.id_user
    ).map(toConnectionState);
  });
});
