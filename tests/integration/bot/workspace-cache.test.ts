import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { answerElements, responseNodes, workspaces } from '../../../src/server/db/schema';
import { loadWorkspace, WorkspaceCache } from '../../../src/server/bot/workspace';
import { BACKENDS } from '../../support/database';
import { createBotFixture, openBotDatabase, type BotDatabase, type BotFixture } from './fixture';

/**
 * A workspace's nodes are read once per revision (workspace.ts WorkspaceCache), and the database
 * bumps the revision with every statement that changes the workspace's nodes or answer elements,
 * whoever runs it (migration 0027's triggers): a turn after any change reads the change.
 */
describe.each(BACKENDS)('the workspace cache on %s', (backend) => {
  let bot: BotDatabase;
  let own: BotFixture;
  let other: BotFixture;

  beforeAll(async () => {
    bot = await openBotDatabase(backend);
    const nodes = [
      { nodeId: 'horarios', examples: ['horario de atención'], elements: [{ type: 1, value: 'Abrimos a las 8' }] },
      { nodeId: 'sedes', examples: ['dónde quedan'], elements: [{ type: 1, value: 'En el centro' }, { type: 1, value: 'Y en el norte' }] }
    ];
    own = await createBotFixture(bot.db, nodes);
    other = await createBotFixture(bot.db, nodes);
  });
  afterAll(async () => bot?.close());

  const revision = async (fixture: BotFixture) =>
    (await bot.db.select({ revision: workspaces.revision }).from(workspaces).where(eq(workspaces.id, fixture.workspaceId!)))[0]!.revision;
  const load = (cache: WorkspaceCache, fixture: BotFixture) => loadWorkspace(bot.db, fixture.organizationId, fixture.idVa, cache);
  const text = (nodes: { nodeId: string; elements: { elementValue: string }[] }[], nodeId: string) => nodes.find((n) => n.nodeId === nodeId)?.elements.map((e) => e.elementValue);

  it('hands out the same nodes while the revision stays, and reads them again after any change to a node or an element', async () => {
    const cache = new WorkspaceCache();
    const first = await load(cache, own);
    expect((await load(cache, own))?.nodes).toBe(first?.nodes);

    const changes = [
      () => bot.db.update(answerElements).set({ elementValue: 'Abrimos a las 7' }).where(eq(answerElements.responseNodeId, own.nodeIds.horarios!)),
      () => bot.db.update(responseNodes).set({ examples: ['horario', 'a qué hora abren'] }).where(eq(responseNodes.id, own.nodeIds.horarios!)),
      () => bot.db.insert(answerElements).values({ responseNodeId: own.nodeIds.horarios!, elementTypesIdType: 1, elementOrderPos: 1, elementValue: 'Y cerramos a las 6' }),
      () => bot.db.delete(answerElements).where(eq(answerElements.elementValue, 'Y en el norte')),
      () => bot.db.insert(responseNodes).values({ workspaceId: own.workspaceId!, nodeId: 'pagos', nodeName: 'pagos', intent: 'pagos', examples: ['pagar'] }),
      () => bot.db.delete(responseNodes).where(eq(responseNodes.nodeId, 'pagos'))
    ];
    let before = await load(cache, own);
    for (const change of changes) {
      const from = await revision(own);
      await change();
      expect(await revision(own)).toBeGreaterThan(from);
      const after = await load(cache, own);
      expect(after?.nodes).not.toBe(before?.nodes);
      before = after;
    }
    expect(text(before!.nodes, 'horarios')).toEqual(['Abrimos a las 7', 'Y cerramos a las 6']);
    expect(text(before!.nodes, 'sedes')).toEqual(['En el centro']);
    expect(before!.nodes.find((n) => n.nodeId === 'horarios')?.examples).toEqual(['horario', 'a qué hora abren']);
    expect(before!.nodes.some((n) => n.nodeId === 'pagos')).toBe(false);
  });

  it("leaves another workspace's revision alone, and a statement that changes nothing bumps no revision", async () => {
    const others = await revision(other);
    const owns = await revision(own);
    await bot.db.update(answerElements).set({ elementValue: 'otro' }).where(eq(answerElements.responseNodeId, own.nodeIds.sedes!));
    expect(await revision(other)).toBe(others);
    expect(await revision(own)).toBe(owns + 1);
    await bot.db.update(answerElements).set({ elementValue: 'nada' }).where(eq(answerElements.responseNodeId, -1));
    await bot.db.execute(sql`delete from response_nodes where node_id = 'no-existe'`);
    expect(await revision(own)).toBe(owns + 1);
    expect(await revision(other)).toBe(others);
  });

  it('keeps one workspace apart from another with the same id in another cache (each platform, each database, its own)', async () => {
    const a = new WorkspaceCache();
    const b = new WorkspaceCache();
    const first = await load(a, own);
    expect((await load(b, own))?.nodes).not.toBe(first?.nodes);
    expect((await load(a, other))?.nodes).not.toBe(first?.nodes);
    expect((await load(a, own))?.nodes).toBe(first?.nodes);
  });
});
