import { chatParameters } from '../db/schema';
import { DEMO_CHAT_PARAMETERS } from './demo-chat-config';
import type { SeedModule } from './types';

export const chatParametersSeed: SeedModule = {
  name: 'chat-parameters',
  async run(db, { now }) {
    await db.insert(chatParameters).values(DEMO_CHAT_PARAMETERS.map((p) => ({ ...p, diasLaborales: [...p.diasLaborales], fechaActualizacion: now })));
  }
};
