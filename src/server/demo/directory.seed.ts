import { directoryContacts } from '../db/schema';
import { DEMO_DIRECTORY_CONTACTS } from './demo-widget';
import type { SeedModule } from './types';

export const directorySeed: SeedModule = {
  name: 'directory',
  async run(db) {
    await db.insert(directoryContacts).values(DEMO_DIRECTORY_CONTACTS.map((c) => ({ ...c, listadoMensajes: [...c.listadoMensajes] })));
  }
};
