import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAssistant, type Assistant } from '../../../src/server/bot';
import { STARTER_NODES } from '../../../src/server/settings/starter-workspace';
import { channelTypes, conversations, organizations, virtualAgents } from '../../../src/server/db/schema';
import { provisionOrganization } from '../../../src/server/settings/organization-defaults';
import { openBotDatabase, type BotDatabase } from './fixture';

const NOW = new Date('2026-03-02T15:00:00.000Z');

/** Issue 38: a new organisation's assistant greets, says it did not understand, and hands over to a human from day one. */
describe('the starter workspace of a new organisation', () => {
  let bot: BotDatabase;
  let assistant: Assistant;
  let org: { organizationId: number; idVa: number };

  beforeAll(async () => {
    bot = await openBotDatabase('pglite');
    assistant = createAssistant({ db: bot.db });
    const [row] = await bot.db.insert(organizations).values({ name: 'Nueva', schemaName: 'nueva_starter', organizationType: 'privada' }).returning({ idOrg: organizations.idOrg });
    await bot.db.transaction((tx) => provisionOrganization(tx, { idOrg: row!.idOrg, name: 'Nueva' }, NOW));
    const [va] = await bot.db.select({ idVa: virtualAgents.idVa }).from(virtualAgents).where(eq(virtualAgents.organizationId, row!.idOrg));
    org = { organizationId: row!.idOrg, idVa: va!.idVa };
    await bot.db.insert(channelTypes).values({ idChannel: 3, key: 'channel3', label: 'Web' }).onConflictDoNothing();
  });
  afterAll(async () => {
    await assistant.close();
    await bot.close();
  });

  let n = 0;
  const turn = async (text: string, consecutiveFailures = 0) => {
    const conversationId = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    await bot.db.insert(conversations).values({ idConv: conversationId, ...org, channelId: 3, customerData: {}, status: 'BOT', startedAt: NOW, lastCustomerActivityAt: NOW, widgetTokenHash: 'y'.repeat(64) });
    return assistant.answerTurn(bot.db, { ...org, conversationId, text, attachments: [], consecutiveFailures, now: NOW });
  };

  it('greets when the conversation starts and when the customer says hello', async () => {
    expect((await assistant.welcomeTurn(bot.db, org)).text).toBe('¡Hola! ¿En qué te puedo ayudar?');
    expect(await turn('buenos días')).toMatchObject({ answered: true, intent: 'bienvenida', text: '¡Hola! ¿En qué te puedo ayudar?', escalate: null });
  });

  it('says its own not-understood answer, then hands over on the second miss', async () => {
    expect(await turn('cuál es la capital de Francia')).toMatchObject({ answered: false, intent: null, text: STARTER_NODES[1]!.text, escalate: null });
    expect(await turn('cuál es la capital de Francia', 1)).toMatchObject({ answered: false, escalate: { reason: 'SIN_RESPUESTA' } });
  });

  it('hands the customer to a human on request', async () => {
    expect(await turn('quiero hablar con un asesor')).toMatchObject({ answered: true, intent: 'asesor_humano', text: 'Te comunico con un asesor.', escalate: { reason: 'SOLICITUD_CLIENTE' } });
  });
});
