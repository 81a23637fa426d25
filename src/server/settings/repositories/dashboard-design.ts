import { and, desc, eq, lte } from 'drizzle-orm';
import { DASHBOARD_DESIGN_VERSIONS_KEPT, type DashboardDesign, type DashboardDesignVersion } from '../../../shared/domain/dashboard-design';
import type { FontChoice } from '../../../shared/domain/design';
import type { Db } from '../../db/types';
import { dashboardDesigns, organizations, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { DESIGN_IMAGE_TEXT, requireDesignImage } from '../../media/design-image';
import { fontLibrary } from '../../fonts';

const LOGO = 'El logo';

export const DESIGN_TEXT = {
  /** `field`: the design's font key ('fuente' in the dashboard's, 'font' in the widget's). */
  fontNotServed: (family: string, variant: string, field = 'fuente') => `${field}: La fuente ${family} (${variant}) no está disponible en la plataforma`,
  logoNotUploaded: DESIGN_IMAGE_TEXT.notUploaded(LOGO),
  logoNotFound: DESIGN_IMAGE_TEXT.notFound(LOGO),
  logoType: DESIGN_IMAGE_TEXT.type(LOGO),
  logoTooLarge: DESIGN_IMAGE_TEXT.tooLarge(LOGO),
  logoDimensions: DESIGN_IMAGE_TEXT.dimensions(LOGO),
  versionNotFound: 'La versión del diseño no existe o ya no se conserva'
} as const;

type Version = typeof dashboardDesigns.$inferSelect;

async function latest(db: Db, orgId: number): Promise<Version | undefined> {
  const [row] = await db.select().from(dashboardDesigns).where(eq(dashboardDesigns.organizationId, orgId)).orderBy(desc(dashboardDesigns.version)).limit(1);
  return row;
}

/**
 * A new version holding `design` and `logoUrl`: the organisation's row is locked first, so two
 * saves at once are numbered one after the other; versions past the last ten are deleted.
 */
async function saveVersion(db: Db, orgId: number, value: { design: DashboardDesign; logoUrl: string }, userId: number): Promise<Version> {
  return db.transaction(async (tx) => {
    await tx.select({ idOrg: organizations.idOrg }).from(organizations).where(eq(organizations.idOrg, orgId)).for('update');
    const [last] = await tx
      .select({ version: dashboardDesigns.version })
      .from(dashboardDesigns)
      .where(eq(dashboardDesigns.organizationId, orgId))
      .orderBy(desc(dashboardDesigns.version))
      .limit(1);
    const version = (last?.version ?? 0) + 1;
    const [row] = await tx.insert(dashboardDesigns).values({ organizationId: orgId, version, design: value.design, logoUrl: value.logoUrl, createdBy: userId }).returning();
    await tx.delete(dashboardDesigns).where(and(eq(dashboardDesigns.organizationId, orgId), lte(dashboardDesigns.version, version - DASHBOARD_DESIGN_VERSIONS_KEPT)));
    return row as Version;
  });
}

/** A design's font must be one of the platform's list (family, category and variant): the dashboard's and the widget's. */
export function requireServedFont(font: FontChoice, field = 'fuente'): void {
  if (!fontLibrary().serves(font)) throw new HttpError(400, DESIGN_TEXT.fontNotServed(font.family, font.variant, field));
}

/** SPEC §7 "Dashboard design" of the caller's organisation, versioned (issue 40). */
export const dashboardDesignRepository = {
  async design(db: Db, orgId: number): Promise<DashboardDesign | null> {
    return (await latest(db, orgId))?.design ?? null;
  },

  async image(db: Db, orgId: number): Promise<{ Imagen: string }> {
    return { Imagen: (await latest(db, orgId))?.logoUrl ?? '' };
  },

  /** Saves a complete design (the body schema completed it) as a new version, keeping the logo. */
  async updateDesign(db: Db, orgId: number, design: DashboardDesign, userId: number): Promise<DashboardDesign> {
    requireServedFont(design.fuente);
    const current = await latest(db, orgId);
    return (await saveVersion(db, orgId, { design, logoUrl: current?.logoUrl ?? '' }, userId)).design;
  },

  /** Sets the logo as a new version, keeping the design (the default while none was saved). */
  async updateImage(db: Db, orgId: number, url: string, userId: number, fallback: DashboardDesign): Promise<{ Imagen: string }> {
    await requireDesignImage(db, orgId, url, LOGO);
    const current = await latest(db, orgId);
    return { Imagen: (await saveVersion(db, orgId, { design: current?.design ?? fallback, logoUrl: url }, userId)).logoUrl };
  },

  async versions(db: Db, orgId: number): Promise<DashboardDesignVersion[]> {
    const rows = await db
      .select({ version: dashboardDesigns.version, createdAt: dashboardDesigns.createdAt, creadoPor: users.name, design: dashboardDesigns.design, logoUrl: dashboardDesigns.logoUrl })
      .from(dashboardDesigns)
      .leftJoin(users, eq(users.idUser, dashboardDesigns.createdBy))
      .where(eq(dashboardDesigns.organizationId, orgId))
      .orderBy(desc(dashboardDesigns.version))
      .limit(DASHBOARD_DESIGN_VERSIONS_KEPT);
    return rows.map((row) => ({ version: row.version, fechaCreacion: row.createdAt.toISOString(), creadoPor: row.creadoPor, design: row.design, logoUrl: row.logoUrl }));
  },

  /** A kept version's design and logo become a new version. */
  async restore(db: Db, orgId: number, version: number, userId: number): Promise<DashboardDesign> {
    const [old] = await db
      .select({ design: dashboardDesigns.design, logoUrl: dashboardDesigns.logoUrl })
      .from(dashboardDesigns)
      .where(and(eq(dashboardDesigns.organizationId, orgId), eq(dashboardDesigns.version, version)));
    if (!old) throw new HttpError(404, DESIGN_TEXT.versionNotFound);
    return (await saveVersion(db, orgId, old, userId)).design;
  }
};
