import { and, eq } from 'drizzle-orm';
import { DEFAULT_WIDGET_THEME, WidgetDesign } from '../../../shared/domain/widget-design';
import type { Db } from '../../db/types';
import { widgetDesigns } from '../../db/schema';
import { requireDesignImage } from '../../media/design-image';
import { requireVirtualAgentOfOrg } from './directory';
import { requireServedFont } from './dashboard-design';

const AVATAR = 'El avatar';

/** getWidgetDesign's shape: colores and font as JSON text (SPEC §7). */
export interface WidgetDesignAnswer {
  idVa: number;
  colores: string;
  font: string;
}

async function stored(db: Db, orgId: number, idVa: number) {
  const [row] = await db
    .select()
    .from(widgetDesigns)
    .where(and(eq(widgetDesigns.organizationId, orgId), eq(widgetDesigns.idVa, idVa)));
  return row;
}

/** A row's design, or the default theme when none was saved (or what is stored no longer parses). */
function designOf(row: { colores: unknown; font: unknown } | undefined): WidgetDesign {
  const parsed = WidgetDesign.safeParse(row ? { colores: row.colores, font: row.font } : null);
  return parsed.success ? parsed.data : DEFAULT_WIDGET_THEME;
}

function answer(idVa: number, design: WidgetDesign): WidgetDesignAnswer {
  return { idVa, colores: JSON.stringify(design.colores), font: JSON.stringify(design.font) };
}

/** Writes the virtual agent's row (one per virtual agent), creating it with the default theme and no avatar. */
async function upsert(db: Db, orgId: number, idVa: number, values: Partial<{ design: WidgetDesign; avatarUrl: string | null }>, now: Date): Promise<void> {
  const design = values.design ?? designOf(await stored(db, orgId, idVa));
  const set = { colores: design.colores, font: design.font, fechaActualizacion: now, ...('avatarUrl' in values ? { avatarUrl: values.avatarUrl } : {}) };
  await db
    .insert(widgetDesigns)
    .values({ organizationId: orgId, idVa, avatarUrl: null, ...set })
    .onConflictDoUpdate({ target: [widgetDesigns.organizationId, widgetDesigns.idVa], set });
}

/**
 * SPEC §7 "Widget": the look of one virtual agent's customer chat, of the caller's organisation
 * (another organisation's virtual agent answers 404). The widget page reads it on every request
 * (src/server/widget/config.ts), so the next customer who opens the chat wears what was saved.
 */
export const widgetDesignRepository = {
  async design(db: Db, orgId: number, idVa: number): Promise<WidgetDesignAnswer> {
    await requireVirtualAgentOfOrg(db, orgId, idVa);
    return answer(idVa, designOf(await stored(db, orgId, idVa)));
  },

  /** A complete design (the body schema completed and checked it); the font must be one the platform serves. The avatar stays. */
  async updateDesign(db: Db, orgId: number, idVa: number, design: WidgetDesign, now: Date): Promise<WidgetDesignAnswer> {
    await requireVirtualAgentOfOrg(db, orgId, idVa);
    requireServedFont(design.font, 'font');
    await upsert(db, orgId, idVa, { design }, now);
    return this.design(db, orgId, idVa);
  },

  /** { url }: '' while no avatar is set. */
  async avatar(db: Db, orgId: number, idVa: number): Promise<{ url: string }> {
    await requireVirtualAgentOfOrg(db, orgId, idVa);
    return { url: (await stored(db, orgId, idVa))?.avatarUrl ?? '' };
  },

  /** Sets the avatar (a design image the organisation uploaded) or, with '', clears it. The design stays. */
  async upsertAvatar(db: Db, orgId: number, idVa: number, url: string, now: Date): Promise<{ url: string }> {
    await requireVirtualAgentOfOrg(db, orgId, idVa);
    if (url !== '') await requireDesignImage(db, orgId, url, AVATAR);
    await upsert(db, orgId, idVa, { avatarUrl: url === '' ? null : url }, now);
    return this.avatar(db, orgId, idVa);
  }
};
