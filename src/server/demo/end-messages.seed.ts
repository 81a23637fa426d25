import { END_MESSAGE_ORDER } from '../../shared/domain/end-message';
import { endMessages } from '../db/schema';
import { DEMO_ORGANIZATIONS, demoEndMessages } from './demo-data';
import type { SeedModule } from './types';

export const endMessagesSeed: SeedModule = {
  name: 'end-messages',
  async run(db) {
    const rows = DEMO_ORGANIZATIONS.flatMap((org) =>
      demoEndMessages(org.name).map((message) => {
        const position = END_MESSAGE_ORDER.indexOf(message.acronym as (typeof END_MESSAGE_ORDER)[number]);
        if (position < 0) throw new Error(`Unknown end-message acronym ${message.acronym}`);
        return {
          organizationId: org.idOrg,
          idEndTypeConversation: position + 1,
          acronym: message.acronym,
          clientMessage: message.clientMessage,
          fin: position === END_MESSAGE_ORDER.length - 1
        };
      })
    );
    await db.insert(endMessages).values(rows);
  }
};
