import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createAssistant, OPTIONS_TEXT, type Assistant } from '../../../src/server/bot';
import { botInteractions } from '../../../src/server/db/schema';
import { DEMO_WORKSPACES } from '../../../src/server/demo/demo-workspaces';
import { BACKENDS } from '../../support/database';
import { percent, scoreOutcomes, type Outcome } from '../../support/bot-accuracy';
import { createBotFixture, createConversation, openBotDatabase, type BotDatabase, type BotFixture } from './fixture';
import { BOT_PHRASINGS, type Phrasing } from '../../support/bot-phrasings';

const NOW = new Date('2026-03-02T15:00:00.000Z');

/**
 * Issue 22's goals on the demo assistants, through the platform's own path (answerTurn: the
 * workspace read from the database, its model trained in the worker thread and stored, the turn
 * recorded): customer phrasings that are not among the examples (tests/support/bot-phrasings.ts).
 */
describe.each(BACKENDS)('the assistant on customer phrasings, on %s', (backend) => {
  let bot: BotDatabase;
  let assistant: Assistant;
  const fixtures = new Map<number, BotFixture>();

  beforeAll(async () => {
    bot = await openBotDatabase(backend);
    assistant = createAssistant({ db: bot.db });
    for (const workspace of DEMO_WORKSPACES) {
      const nodes = workspace.nodes.map((node) => ({
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        intent: node.intent,
        examples: [...node.examples],
        escalates: node.escalates ?? false,
        elements: node.elements.map(([type, value]) => ({ type, value }))
      }));
      fixtures.set(workspace.id, await createBotFixture(bot.db, nodes));
    }
  });
  afterAll(async () => {
    await assistant.close();
    await bot.close();
  });

  it('understands ≥ 90 % in scope, answers nothing wrong, and leaves every out-of-scope message not understood', async () => {
    const results: { phrasing: Phrasing; outcome: Outcome }[] = [];
    const conversations: string[] = [];
    for (const phrasing of BOT_PHRASINGS) {
      const workspace = DEMO_WORKSPACES.find((w) => w.id === phrasing.workspaceId);
      const fixture = fixtures.get(phrasing.workspaceId);
      if (!workspace || !fixture) throw new Error(`no demo workspace ${phrasing.workspaceId}`);
      const conversationId = await createConversation(bot.db, fixture, NOW);
      conversations.push(conversationId);
      const result = await assistant.answerTurn(bot.db, {
        organizationId: fixture.organizationId,
        idVa: fixture.idVa,
        conversationId,
        text: phrasing.text,
        attachments: [],
        consecutiveFailures: 0,
        now: NOW
      });
      const intentByName = new Map(workspace.nodes.map((n) => [n.nodeName, n.intent]));
      const options = result.items.find((i) => i.itemType === 9 && i.itemValue === OPTIONS_TEXT);
      const outcome: Outcome =
        result.answered && result.intent !== null
          ? { kind: 'answer', intent: result.intent }
          : options
            ? { kind: 'options', intents: (options.itemOptions ?? []).map((name) => intentByName.get(name) ?? `? ${name}`) }
            : { kind: 'none' };
      results.push({ phrasing, outcome });
    }
    const score = scoreOutcomes(results);
    const summary = `${score.right}/${score.inScope} in scope (${percent(score.right, score.inScope).toFixed(1)} %), ${score.wrong} wrong, ${score.outOfScopeNotUnderstood}/${score.outOfScope} out of scope not understood`;
    expect(score.wrong, `${summary}\n${score.failures.join('\n')}`).toBe(0);
    expect(score.outOfScopeNotUnderstood, `${summary}\n${score.failures.join('\n')}`).toBe(score.outOfScope);
    expect(percent(score.right, score.inScope), `${summary}\n${score.failures.join('\n')}`).toBeGreaterThanOrEqual(90);
    expect(score.answeredRight).toBeGreaterThan(score.optionsRight);

    // Every turn is recorded as the statistics read it: answered turns with their intent, the rest without.
    const rows = await bot.db
      .select({ intent: botInteractions.intent, answered: botInteractions.answered })
      .from(botInteractions)
      .where(inArray(botInteractions.conversationId, conversations));
    expect(rows).toHaveLength(BOT_PHRASINGS.length);
    expect(rows.filter((r) => r.answered)).toHaveLength(score.answeredRight + score.wrong);
    expect(rows.every((r) => r.answered === (r.intent !== null))).toBe(true);
  });

  it('answers the issue’s examples with the node they ask for', async () => {
    const fixture = fixtures.get(1)!;
    const expected: [string, string][] = [
      ['¿a que hora cierran hoy?', 'horarios'],
      ['la app se cierra sola', 'soporte_tecnico'],
      ['hola, quiero saber el horario', 'horarios'],
      ['quisiera saber el horario de ustedes', 'horarios'],
      ['necesito rastrear mi envio', 'estado_pedido'],
      ['buen dia', 'saludo']
    ];
    for (const [text, intent] of expected) {
      const conversationId = await createConversation(bot.db, fixture, NOW);
      const result = await assistant.answerTurn(bot.db, { organizationId: fixture.organizationId, idVa: fixture.idVa, conversationId, text, attachments: [], consecutiveFailures: 0, now: NOW });
      expect({ text, intent: result.intent, answered: result.answered }).toEqual({ text, intent, answered: true });
      const [row] = await bot.db.select().from(botInteractions).where(eq(botInteractions.conversationId, conversationId));
      expect(row).toMatchObject({ intent, answered: true, responseNodeId: fixture.nodeIds[DEMO_WORKSPACES[0]!.nodes.find((n) => n.intent === intent)!.nodeId] });
    }
  });
});
