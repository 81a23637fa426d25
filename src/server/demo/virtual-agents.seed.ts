import { virtualAgents } from '../db/schema';
import { seedFeatures } from '../settings/repositories/features';
import { DEMO_VIRTUAL_AGENTS } from './demo-data';
import type { SeedModule } from './types';

export const virtualAgentsSeed: SeedModule = {
  name: 'virtual-agents',
  async run(db) {
    const rows = await db.insert(virtualAgents).values([...DEMO_VIRTUAL_AGENTS]).returning({ idVa: virtualAgents.idVa });
    // Issue 38: every feature toggle on.
    for (const { idVa } of rows) await seedFeatures(db, idVa);
  }
};
