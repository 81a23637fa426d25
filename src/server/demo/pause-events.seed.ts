import { pauseEvents } from '../db/schema';
import { DEMO_PAUSE_EVENTS } from './demo-chat-config';
import type { SeedModule } from './types';

export const pauseEventsSeed: SeedModule = {
  name: 'pause-events',
  async run(db, { now }) {
    await db.insert(pauseEvents).values(DEMO_PAUSE_EVENTS.map((event) => ({ ...event, fechaCreacion: now, fechaActualizacion: now })));
  }
};
