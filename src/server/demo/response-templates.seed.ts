import { responseTemplates } from '../db/schema';
import { DEMO_RESPONSE_TEMPLATES } from './demo-chat-config';
import type { SeedModule } from './types';

export const responseTemplatesSeed: SeedModule = {
  name: 'response-templates',
  async run(db, { now }) {
    await db.insert(responseTemplates).values(DEMO_RESPONSE_TEMPLATES.map((t) => ({ ...t, fechaCreacion: now, fechaActualizacion: now })));
  }
};
