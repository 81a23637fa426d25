import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { WidgetConfig } from '../../shared/realtime';
import { DEFAULT_WIDGET_THEME, WidgetDesign } from '../../shared/domain/widget-design';
import type { Db } from '../db/types';
import { organizations, virtualAgents, widgetDesigns } from '../db/schema';
import { loadEntryForm, regionsForForm } from '../chat/entry-form';
import { featureFlags } from '../settings/repositories/features';
import type { LauncherAnswer } from '../../shared/widget-embed-messages';
import { launcherColors } from './page-style';
import { publicAvatarUrl } from './avatar';

const idParam = (missing: string, invalid: string) =>
  z
    .string({ message: missing })
    .regex(/^[1-9]\d{0,8}$/, { message: invalid })
    .transform(Number);

/** ?org=ID&va=ID of the widget page and its configuration. */
export const WidgetQuery = z.object({
  org: idParam('Falta la organización (org)', 'La organización (org) no es válida'),
  va: idParam('Falta el asistente virtual (va)', 'El asistente virtual (va) no es válido')
});
export type WidgetQuery = z.infer<typeof WidgetQuery>;

/** The names behind ?org&va: null when the organisation does not exist or is inactive, or the virtual agent is not one of its own. */
async function widgetOwner(db: Db, org: number, va: number): Promise<{ organizationName: string; assistantName: string } | null> {
  const [owner] = await db
    .select({ organizationName: organizations.name, assistantName: virtualAgents.name })
    .from(virtualAgents)
    .innerJoin(organizations, eq(organizations.idOrg, virtualAgents.organizationId))
    .where(and(eq(virtualAgents.idVa, va), eq(organizations.idOrg, org), eq(organizations.isActive, true)));
  return owner ?? null;
}

async function storedDesign(db: Db, org: number, va: number) {
  const [design] = await db
    .select()
    .from(widgetDesigns)
    .where(and(eq(widgetDesigns.organizationId, org), eq(widgetDesigns.idVa, va)));
  return design;
}

/** GET /widget/launcher (issue 40): the loader's bubble wears the widget's principal colours, read on every request as the page's are. */
export async function loadLauncher(db: Db, org: number, va: number): Promise<LauncherAnswer | null> {
  const owner = await widgetOwner(db, org, va);
  if (!owner) return null;
  const design = await storedDesign(db, org, va);
  const theme = themeOf({ design: design ? { colores: design.colores, font: design.font } : null });
  return { title: `${owner.assistantName} · ${owner.organizationName}`, ...launcherColors(theme) };
}

/**
 * What the widget page of a virtual agent needs before the chat starts; null when the organisation
 * does not exist or is inactive, or the virtual agent is not one of its own.
 */
export async function loadWidgetConfig(db: Db, org: number, va: number): Promise<WidgetConfig | null> {
  const owner = await widgetOwner(db, org, va);
  if (!owner) return null;
  // Read on every request (no cache): the next widget that opens shows the form and the toggles as last saved.
  const features = await featureFlags(db, va);
  const fields = features.entryForm ? await loadEntryForm(db, org, va) : [];
  const design = await storedDesign(db, org, va);
  return {
    org,
    va,
    organizationName: owner.organizationName,
    assistantName: owner.assistantName,
    entryForm: fields.map(({ consentTextId: _id, ...field }) => field),
    regions: await regionsForForm(db, org, fields),
    design: design ? { colores: design.colores, font: design.font } : null,
    // Issue 40: the stored url needs a signed-in user; the customer's browser gets the public path of this avatar.
    avatarUrl: publicAvatarUrl(org, va, design?.avatarUrl ?? null),
    features
  };
}

/** The design the page is styled from: the stored one when it is valid, else the default theme. */
export function themeOf(config: Pick<WidgetConfig, 'design'>): WidgetDesign {
  const parsed = WidgetDesign.safeParse(config.design);
  return parsed.success ? parsed.data : DEFAULT_WIDGET_THEME;
}
