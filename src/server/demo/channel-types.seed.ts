import { channelTypes } from '../db/schema';
import { DEMO_CHANNEL_TYPES } from './demo-data';
import type { SeedModule } from './types';

export const channelTypesSeed: SeedModule = {
  name: 'channel-types',
  async run(db) {
    await db.insert(channelTypes).values([...DEMO_CHANNEL_TYPES]);
  }
};
