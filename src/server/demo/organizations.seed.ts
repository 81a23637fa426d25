import { organizations } from '../db/schema';
import { DEMO_ORGANIZATIONS } from './demo-data';
import type { SeedModule } from './types';

export const organizationsSeed: SeedModule = {
  name: 'organizations',
  async run(db, { now }) {
    await db.insert(organizations).values(
      DEMO_ORGANIZATIONS.map((org) => ({ ...org, isActive: true, dateCreate: now, dateUpdate: now }))
    );
  }
};
