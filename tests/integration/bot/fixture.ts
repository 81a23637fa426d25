import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { defaultMigrationsFolder } from '../../../src/server/db/migrations-folder';
import { answerElements, channelTypes, conversations, organizations, responseNodes, splits, virtualAgents, workspaces } from '../../../src/server/db/schema';
import type { Db } from '../../../src/server/db/types';
import { createTestDatabase, type Backend, type TestDatabase } from '../../support/database';

/** A migrated database with no demo data: each bot test builds the rows it needs. */
export interface BotDatabase {
  db: Db;
  close(): Promise<void>;
}

export async function openBotDatabase(backend: Backend): Promise<BotDatabase> {
  const test: TestDatabase = await createTestDatabase(backend);
  let database: Database | null = null;
  try {
    database = await openDatabase(test.target);
    await database.prepare(defaultMigrationsFolder(), async () => undefined);
    const opened = database;
    return {
      db: opened.db,
      close: async () => {
        await opened.close();
        await test.drop();
      }
    };
  } catch (error) {
    await database?.close();
    await test.drop();
    throw error;
  }
}

export interface NodeSpec {
  nodeId: string;
  /** Defaults to the node id. */
  nodeName?: string;
  intent?: string;
  examples: string[];
  escalates?: boolean;
  escalateSplitId?: number | null;
  elements: { type: number; value: string }[];
}

export interface BotFixture {
  organizationId: number;
  idVa: number;
  channelId: number;
  splitIds: { general: number; ventas: number };
  workspaceId: number | null;
  nodeIds: Record<string, number>;
}

let counter = 0;

/** An organisation with one virtual agent, two splits and (unless nodes is null) a workspace with those nodes. */
export async function createBotFixture(db: Db, nodes: NodeSpec[] | null): Promise<BotFixture> {
  counter++;
  const tag = `${counter}_${randomUUID().slice(0, 8)}`;
  const [org] = await db
    .insert(organizations)
    .values({ name: `Org bot ${tag}`, schemaName: `bot_${tag}`, organizationType: 'privada' })
    .returning({ id: organizations.idOrg });
  const [va] = await db.insert(virtualAgents).values({ organizationId: org!.id, name: 'Asistente Prueba' }).returning({ id: virtualAgents.idVa });
  await db.insert(channelTypes).values({ idChannel: 3, key: 'channel3', label: 'Web' }).onConflictDoNothing();
  const [general] = await db.insert(splits).values({ organizationId: org!.id, codigoSplit: 'GENERAL', nombre: 'Atención general' }).returning({ id: splits.idSplit });
  const [ventas] = await db.insert(splits).values({ organizationId: org!.id, codigoSplit: 'VENTAS', nombre: 'Ventas' }).returning({ id: splits.idSplit });
  const fixture: BotFixture = {
    organizationId: org!.id,
    idVa: va!.id,
    channelId: 3,
    splitIds: { general: general!.id, ventas: ventas!.id },
    workspaceId: null,
    nodeIds: {}
  };
  if (nodes === null) return fixture;
  const [ws] = await db
    .insert(workspaces)
    .values({ organizationId: org!.id, idVa: va!.id, name: 'Workspace prueba', defaultSplitId: general!.id })
    .returning({ id: workspaces.id });
  fixture.workspaceId = ws!.id;
  for (const spec of nodes) {
    const [node] = await db
      .insert(responseNodes)
      .values({
        workspaceId: ws!.id,
        nodeId: spec.nodeId,
        nodeName: spec.nodeName ?? spec.nodeId,
        intent: spec.intent ?? spec.nodeId,
        examples: spec.examples,
        escalates: spec.escalates ? 1 : 0,
        escalateSplitId: spec.escalateSplitId ?? null
      })
      .returning({ id: responseNodes.id });
    fixture.nodeIds[spec.nodeId] = node!.id;
    if (spec.elements.length > 0) {
      await db
        .insert(answerElements)
        .values(spec.elements.map((e, i) => ({ responseNodeId: node!.id, elementTypesIdType: e.type, elementOrderPos: i, elementValue: e.value })));
    }
  }
  return fixture;
}

/** A conversation with the assistant for the fixture's virtual agent. */
export async function createConversation(db: Db, fixture: BotFixture, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(conversations).values({
    idConv: id,
    organizationId: fixture.organizationId,
    idVa: fixture.idVa,
    channelId: fixture.channelId,
    customerData: { Nombre: 'Cliente Prueba' },
    status: 'BOT',
    startedAt: now,
    lastCustomerActivityAt: now,
    widgetTokenHash: 'x'.repeat(64)
  });
  return id;
}
