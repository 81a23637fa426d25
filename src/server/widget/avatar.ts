import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { files, organizations, widgetDesigns } from '../db/schema';
import { LOGO_TYPES } from '../../shared/domain/dashboard-design';
import { WIDGET_AVATAR_PATH } from '../../shared/widget-embed';

const UPLOADED = /^\/api\/multimedia\/descargar\/([A-Za-z0-9_-]{1,100})$/;

/**
 * Where the customer's browser gets a virtual agent's avatar: the stored url names an uploaded file
 * (/api/multimedia/descargar/{id}, which needs a signed-in user), so the widget shows it through
 * the public GET /widget/avatar?org&va, which serves that virtual agent's avatar and nothing else.
 * The file's id rides along (`v`) so a new avatar is a new address for the browser's cache.
 * Null when none is set.
 */
export function publicAvatarUrl(org: number, va: number, stored: string | null): string | null {
  if (!stored) return null;
  const id = UPLOADED.exec(stored)?.[1];
  if (id !== undefined) return `${WIDGET_AVATAR_PATH}?org=${org}&va=${va}&v=${id}`;
  // An https address stored before uploads were required is shown as it is (the page's img-src allows https:).
  return /^https:\/\//i.test(stored) ? stored : null;
}

/** The avatar of an active organisation's virtual agent: a design image (PNG, JPEG or WebP); null when none. */
export async function findWidgetAvatar(db: Db, org: number, va: number): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ avatarUrl: widgetDesigns.avatarUrl })
    .from(widgetDesigns)
    .innerJoin(organizations, eq(organizations.idOrg, widgetDesigns.organizationId))
    .where(and(eq(widgetDesigns.organizationId, org), eq(widgetDesigns.idVa, va), eq(organizations.isActive, true)));
  const id = row?.avatarUrl ? UPLOADED.exec(row.avatarUrl)?.[1] : undefined;
  if (id === undefined) return null;
  const [file] = await db
    .select({ organizationId: files.organizationId, contentType: files.contentType, data: files.data })
    .from(files)
    .where(eq(files.id, id));
  // The save checked it; checked again so this route can never serve another kind of file.
  if (!file || file.organizationId !== org || !LOGO_TYPES.has(file.contentType)) return null;
  return { contentType: file.contentType, data: file.data };
}
