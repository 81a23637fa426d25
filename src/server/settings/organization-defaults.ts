import { DEFAULT_WIDGET_THEME } from '../../shared/domain/widget-design';
import { entryFormFields, virtualAgents, widgetDesigns } from '../db/schema';
import { demoEndMessages } from '../demo/demo-data';
import { DEMO_ENTRY_FORM } from '../demo/demo-widget';
import type { Db } from '../db/types';
import { chatParameterRepository } from './repositories/chat-parameters';
import { endMessageRepository } from './repositories/end-messages';
import { createSessionExpiryDefaults } from './repositories/session-expiry';
import { seedFeatures } from './repositories/features';
import { createStarterWorkspace } from './starter-workspace';
import { createDefaultTemplates } from '../notify/default-templates';

/**
 * What a new organisation needs to work at once, in the shapes the demo data set gives its own
 * (src/server/demo): the block and expiry parameters are the columns' defaults (5 attempts, 90
 * days, no automatic unlock); here the chat parameters the engine applies to one without any, the
 * six end messages in SPEC §9 order naming the organisation, and a first virtual agent with the
 * entry form every demo assistant asks, the default widget theme (SPEC §3), its two session-expiry types and every feature toggle on, and a Spanish e-mail template of each notification event. Its splits, agents and reasons are
 * the administrator's to create; its assistant starts with a starter workspace (starter-workspace.ts). Runs in the creating transaction.
 */
export async function provisionOrganization(tx: Db, org: { idOrg: number; name: string }, now: Date): Promise<void> {
  await chatParameterRepository.createDefaults(tx, org.idOrg, now);
  await endMessageRepository.createAll(tx, org.idOrg, demoEndMessages(org.name));
  const [assistant] = await tx
    .insert(virtualAgents)
    .values({ organizationId: org.idOrg, name: `Asistente ${org.name}` })
    .returning({ idVa: virtualAgents.idVa });
  if (!assistant) throw new Error('provisionOrganization: no virtual agent');
  // Issue 38: every feature toggle on (personalizacion/funcionalidades).
  await seedFeatures(tx, assistant.idVa);
  await tx.insert(entryFormFields).values(
    DEMO_ENTRY_FORM.map((field, index) => ({ organizationId: org.idOrg, idVa: assistant.idVa, ...field, options: [...field.options], position: index + 1, active: true }))
  );
  await tx
    .insert(widgetDesigns)
    .values({ organizationId: org.idOrg, idVa: assistant.idVa, colores: DEFAULT_WIDGET_THEME.colores, font: DEFAULT_WIDGET_THEME.font, avatarUrl: null, fechaActualizacion: now });
  // Issue 38: its session-expiry types, from the chat parameters and end messages just written.
  await createSessionExpiryDefaults(tx, org.idOrg, assistant.idVa);
  // Issue 38: a starter workspace (greeting, not understood, hand-over), so the assistant works from day one.
  await createStarterWorkspace(tx, org.idOrg, assistant.idVa);
  // Issue 39: a Spanish e-mail template of each notification event, so its notifications go out from day one.
  await createDefaultTemplates(tx, org.idOrg, now);
}
