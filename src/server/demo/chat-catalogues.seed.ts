import { automaticTransferReasons, notAttendedEvents } from '../db/schema';
import { DEMO_AUTOMATIC_TRANSFER_REASONS, DEMO_NOT_ATTENDED_EVENTS } from './demo-chat-config';
import type { SeedModule } from './types';

/** The platform-wide lists the engine refers to by code: automatic-transfer reasons and not-attended events. */
export const chatCataloguesSeed: SeedModule = {
  name: 'chat-catalogues',
  async run(db) {
    await db.insert(automaticTransferReasons).values([...DEMO_AUTOMATIC_TRANSFER_REASONS]);
    await db.insert(notAttendedEvents).values([...DEMO_NOT_ATTENDED_EVENTS]);
  }
};
