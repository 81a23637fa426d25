/**
 * The `chat` bench's floor: what the bare echo becomes when each message also runs the one
 * statement the platform cannot skip — appendHeldMessage's prepared statement, which stores it
 * with the next seq of its conversation (message-store.ts) — on the same engine, before it is
 * forwarded and acked. No sign-in, no validation, no rate limit, no routing, no effects: the
 * echo's socket.io work plus the database's. The platform's figure ÷ this one is what the
 * platform adds above its database; this one ÷ the bare echo is what the database alone adds.
 */
import { eq, inArray } from 'drizzle-orm';
import type { LiveMessage } from '../../src/shared/realtime';
import { appendHeldMessage, toLiveMessage } from '../../src/server/chat/message-store';
import { openDatabase, type DatabaseTarget } from '../../src/server/db/client';
import { defaultMigrationsFolder } from '../../src/server/db/migrations-folder';
import { conversations } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo';
import { generateActivity } from '../../src/server/demo/activity';

const ORG = 100;
/** asesor@demo.co: the agent every floor conversation is held by. */
const HOLDER = 5;

export interface FloorStore {
  /** Stores customer `customer`'s message in its conversation; answers it as the agent receives it. */
  store(customer: number, clientId: string, text: string): Promise<LiveMessage>;
  close(): Promise<void>;
}

/** A migrated database with the demo data and `customers` conversations in ACTIVA, each held by one agent. */
export async function openFloorStore(target: DatabaseTarget, customers: number): Promise<FloorStore> {
  const database = await openDatabase(target);
  try {
    const now = new Date();
    await database.prepare(defaultMigrationsFolder(), async (db) => {
      await seedDemoData(db, { now, conversations: 0 });
    });
    await generateActivity(database.db, { org: ORG, now, count: customers, days: 1 });
    const held = (await database.db.select({ id: conversations.idConv }).from(conversations).where(eq(conversations.organizationId, ORG)).limit(customers)).map((r) => r.id);
    if (held.length < customers) throw new Error(`bench floor: ${held.length} conversations generated, ${customers} needed`);
    await database.db
      .update(conversations)
      .set({ status: 'ACTIVA', agentId: HOLDER, endedAt: null })
      .where(inArray(conversations.idConv, held));
    return {
      async store(customer, clientId, text) {
        const conversationId = held[customer % held.length]!;
        const stored = await appendHeldMessage(database.statement, conversationId, { clientId, mensaje: text.trim(), at: new Date() }, { kind: 'customer' });
        if (!stored) throw new Error(`bench floor: message ${clientId} not stored`);
        return toLiveMessage(stored.row, 'agent');
      },
      close: () => database.close()
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
