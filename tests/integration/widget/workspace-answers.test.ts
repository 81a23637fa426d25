import { describe, expect, it } from 'vitest';
import { LiveMessage } from '../../../src/shared/realtime';
import type { Answer, Workspace } from '../../../src/shared/domain/workspace';
import { BACKENDS } from '../../support/database';
import { platformForBlock } from '../../support/platform';
import { createChatFixture } from '../realtime/fixtures';
import { newClientId, startCustomer, type Customer } from '../realtime/scenario';
import { caller, signInAll } from '../server/chat-fixtures';

/** Issue 38: an answer saved on the workspaces screen is what the assistant says on the customer's next turn, with no restart. */
describe.each(BACKENDS)('a saved answer reaches the widget at once (%s)', (backend) => {
  const live = platformForBlock(backend);

  const ask = async (customer: Customer, text: string): Promise<LiveMessage> => {
    const sent = await customer.client.ok('widget:message', { clientId: newClientId(), text }, LiveMessage);
    return customer.client.waitFor('widget:message', LiveMessage, (m) => m.tipoUsuario === 'BOT' && m.seq > sent.seq);
  };

  it('answers the next turn with the new answer', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const call = caller(live.platform.app, await signInAll(live.platform.app, ['superadmin@demo.co']));
    const [workspace] = (await call('superadmin@demo.co', 'GET', `/api/workspaces?idOrg=${fx.orgId}&idVa=${fx.vaId}`)).json<Workspace[]>();
    if (!workspace) throw new Error('the fixture has a workspace');

    const customer = await startCustomer(live.platform.url, fx, 1);
    live.clients.push(customer.client);
    const before = await ask(customer, 'a que hora abren');
    expect(before.mensaje).not.toContain('Nuevo horario');

    const saved = await call('superadmin@demo.co', 'PUT', `/api/answers?idOrg=${fx.orgId}`, {
      workspaceId: workspace.id,
      nodeId: 'horarios',
      details: [
        { elementTypesIdType: 1, elementOrderPos: 1, elementValue: 'Nuevo horario: de 7 a. m. a 9 p. m.' },
        { elementTypesIdType: 2, elementOrderPos: 2, elementValue: 'https://www.example.com/horarios' }
      ]
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Answer>().details).toHaveLength(2);

    const after = await ask(customer, 'a que hora abren');
    expect(after.mensaje).toBe('Nuevo horario: de 7 a. m. a 9 p. m.\nhttps://www.example.com/horarios');
    expect(after.items?.map((i) => [i.itemType, i.itemValue])).toEqual([
      [1, 'Nuevo horario: de 7 a. m. a 9 p. m.'],
      [2, 'https://www.example.com/horarios']
    ]);
  });
});
