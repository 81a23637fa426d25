import { virtualAgents } from '../db/schema';
import { DEMO_VIRTUAL_AGENTS } from './demo-data';
import type { SeedModule } from './types';

export const virtualAgentsSeed: SeedModule = {
  name: 'virtual-agents',
  async run(db) {
    await db.insert(virtualAgents).values([...DEMO_VIRTUAL_AGENTS]);
  }
};
