import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant, type Assistant } from '../../../src/server/bot';
import { DEMO_WORKSPACES } from '../../../src/server/demo/demo-workspaces';
import { createBotFixture, createConversation, openBotDatabase, type BotDatabase, type BotFixture } from './fixture';

const NOW = new Date('2026-03-02T15:00:00.000Z');

/**
 * Issue 38: a sentence that shares only a place name, or one common word, with an intent's
 * examples is not understood rather than answered (the demo assistant, through answerTurn).
 */
describe('the assistant on sentences that only share a place name or a common word', () => {
  let bot: BotDatabase;
  let assistant: Assistant;
  let fixture: BotFixture;

  beforeAll(async () => {
    bot = await openBotDatabase('pglite');
    assistant = createAssistant({ db: bot.db });
    const demo = DEMO_WORKSPACES[0]!;
    fixture = await createBotFixture(
      bot.db,
      demo.nodes.map((node) => ({
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        intent: node.intent,
        examples: [...node.examples],
        escalates: node.escalates ?? false,
        elements: node.elements.map(([type, value]) => ({ type, value }))
      }))
    );
  });
  afterAll(async () => {
    await assistant.close();
    await bot.close();
  });

  const ask = async (text: string) => {
    const conversationId = await createConversation(bot.db, fixture, NOW);
    const r = await assistant.answerTurn(bot.db, { organizationId: fixture.organizationId, idVa: fixture.idVa, conversationId, text, attachments: [], consecutiveFailures: 0, now: NOW });
    return { text, answered: r.answered, intent: r.intent, options: r.items.filter((i) => i.itemType === 9).flatMap((i) => i.itemOptions ?? []) };
  };

  it('does not answer the weather, a trip or a restaurant in a city the offices’ examples name', async () => {
    for (const text of ['como esta el clima en Cali', 'qué tiempo hace en Bogotá', 'hace frio en bogota', 'restaurantes en cali', 'va a llover en Medellín', 'quiero viajar a cali']) {
      expect(await ask(text)).toEqual({ text, answered: false, intent: null, options: [] });
    }
  });

  it('still answers a question about the offices that names the city', async () => {
    for (const text of ['tienen oficinas en Cali', 'oficina en medellin', 'hay sede en bogota']) {
      expect(await ask(text)).toMatchObject({ text, answered: true, intent: 'puntos_atencion' });
    }
  });
});
