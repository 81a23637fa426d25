import { DEMO_ORG_ID } from './demo-data';
import { generateActivity } from './activity';
import type { SeedModule } from './types';

/** The span of the demo organisation's generated history. */
export const DEMO_ACTIVITY_DAYS = 90;

/** The analytics demo data: ctx.conversations conversations of the demo organisation over the last 90 days (none when 0). */
export const conversationsSeed: SeedModule = {
  name: 'conversations',
  async run(db, { now, conversations }) {
    if (conversations <= 0) return;
    await generateActivity(db, { org: DEMO_ORG_ID, now, count: conversations, days: DEMO_ACTIVITY_DAYS });
  }
};
