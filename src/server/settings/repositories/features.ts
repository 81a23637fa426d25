import { and, eq } from 'drizzle-orm';
import { FEATURE_DEFAULT_STATUS, FEATURES, type Feature, type FeatureKey, type UpdateFeatureStatus, type WidgetFeatures } from '../../../shared/domain/feature';
import type { Db } from '../../db/types';
import { virtualAgentFeatures, virtualAgents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { SETTINGS_TEXT } from '../texts';

/** Every feature of a virtual agent by id: the stored status, or the default for a feature with no row. */
async function statuses(db: Db, idVa: number): Promise<Map<number, boolean>> {
  const rows = await db.select({ idFeature: virtualAgentFeatures.idFeature, status: virtualAgentFeatures.status }).from(virtualAgentFeatures).where(eq(virtualAgentFeatures.idVa, idVa));
  const stored = new Map(rows.map((r) => [r.idFeature, r.status]));
  return new Map(FEATURES.map((f) => [f.idFeature, stored.get(f.idFeature) ?? FEATURE_DEFAULT_STATUS]));
}

/**
 * The toggles of a virtual agent as the engine and the widget read them, by key: read on every
 * call (no cache), so a switch changes the next request. Call it with the virtual agent of a
 * conversation or of a checked widget origin.
 */
export async function featureFlags(db: Db, idVa: number): Promise<WidgetFeatures> {
  const byId = await statuses(db, idVa);
  return Object.fromEntries(FEATURES.map((f) => [f.key, byId.get(f.idFeature) ?? FEATURE_DEFAULT_STATUS])) as WidgetFeatures;
}

/** Whether one feature of a virtual agent is on. */
export async function featureOn(db: Db, idVa: number, key: FeatureKey): Promise<boolean> {
  return (await featureFlags(db, idVa))[key];
}

/** The rows of a new virtual agent: every feature on (organization-defaults.ts, the demo data). */
export async function seedFeatures(db: Db, idVa: number): Promise<void> {
  await db
    .insert(virtualAgentFeatures)
    .values(FEATURES.map((f) => ({ idVa, idFeature: f.idFeature, status: true })))
    .onConflictDoNothing();
}

async function ownVirtualAgent(db: Db, orgId: number, idVa: number): Promise<void> {
  const [va] = await db
    .select({ idVa: virtualAgents.idVa })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, orgId)));
  if (!va) throw new HttpError(404, SETTINGS_TEXT.virtualAgentNotFound);
}

/** SPEC §7 "Features" of one virtual agent of the caller's organisation (another organisation's: 404). */
export const featureRepository = {
  async list(db: Db, orgId: number, idVa: number): Promise<Feature[]> {
    await ownVirtualAgent(db, orgId, idVa);
    const byId = await statuses(db, idVa);
    return FEATURES.map((f) => ({ idFeature: f.idFeature, name: f.name, status: byId.get(f.idFeature) ?? FEATURE_DEFAULT_STATUS }));
  },

  /** Switches one feature; an id not in FEATURES is refused (400) and nothing changes. */
  async update(db: Db, orgId: number, idVa: number, body: UpdateFeatureStatus): Promise<Feature> {
    const feature = FEATURES.find((f) => f.idFeature === body.idFeature);
    await ownVirtualAgent(db, orgId, idVa);
    if (!feature) throw new HttpError(400, SETTINGS_TEXT.featureNotFound(body.idFeature));
    await db
      .insert(virtualAgentFeatures)
      .values({ idVa, idFeature: feature.idFeature, status: body.status })
      .onConflictDoUpdate({ target: [virtualAgentFeatures.idVa, virtualAgentFeatures.idFeature], set: { status: body.status } });
    return { idFeature: feature.idFeature, name: feature.name, status: body.status };
  }
};
