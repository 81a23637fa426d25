import { entryFormFields, widgetDesigns } from '../db/schema';
import { DEMO_ENTRY_FORM, DEMO_ENTRY_FORM_AGENTS, DEMO_WIDGET_DESIGN } from './demo-widget';
import type { SeedModule } from './types';

/** The entry form of each demo virtual agent, and va 1's widget design. */
export const widgetSeed: SeedModule = {
  name: 'widget',
  async run(db, { now }) {
    await db.insert(entryFormFields).values(
      DEMO_ENTRY_FORM_AGENTS.flatMap((agent, a) =>
        DEMO_ENTRY_FORM.map((field, f) => ({
          idField: a * DEMO_ENTRY_FORM.length + f + 1,
          organizationId: agent.organizationId,
          idVa: agent.idVa,
          ...field,
          options: [...field.options],
          position: f + 1,
          active: true
        }))
      )
    );
    const { organizationId, idVa, design } = DEMO_WIDGET_DESIGN;
    await db.insert(widgetDesigns).values({ organizationId, idVa, colores: design.colores, font: design.font, avatarUrl: null, fechaActualizacion: now });
  }
};
