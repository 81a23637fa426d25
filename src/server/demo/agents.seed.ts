import { agentPresence, agentSplits, users } from '../db/schema';
import { DEMO_USERS } from './demo-data';
import { DEMO_AGENT_IDS, DEMO_AGENT_SPLITS, DEMO_AGENTS } from './demo-chat-config';
import { demoUserRow } from './users.seed';
import type { SeedModule } from './types';

/** The human agents beyond asesor@demo.co, who answers which split, and everyone's presence (disconnected). */
export const agentsSeed: SeedModule = {
  name: 'agents',
  async run(db, { now }) {
    await db.insert(users).values(await Promise.all(DEMO_AGENTS.map((agent) => demoUserRow(agent, now))));
    await db.insert(agentSplits).values([...DEMO_AGENT_SPLITS]);
    const everyone = [...DEMO_USERS, ...DEMO_AGENTS];
    await db.insert(agentPresence).values(
      DEMO_AGENT_IDS.map((userId) => {
        const user = everyone.find((u) => u.idUser === userId);
        if (!user || user.role !== 5) throw new Error(`Demo agent ${userId} is not a role-5 demo user`);
        return { userId, organizationId: user.organizationId, status: 'Desconectado', since: now };
      })
    );
  }
};
