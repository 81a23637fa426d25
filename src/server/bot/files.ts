import { and, eq, inArray } from 'drizzle-orm';
import type { ResponseItem } from '../../shared/domain/interaction';
import type { Db } from '../db/types';
import { files } from '../db/schema';

const PLATFORM_FILE = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/;

/**
 * Answer items that show a file stored on the platform (an uploaded image, document or video)
 * take that file's real name and content type; other items pass unchanged.
 */
export async function withPlatformFiles(db: Db, organizationId: number, items: ResponseItem[]): Promise<ResponseItem[]> {
  const ids = [...new Set(items.flatMap((i) => PLATFORM_FILE.exec(i.itemFile?.url ?? '')?.[1] ?? []))];
  if (ids.length === 0) return items;
  const rows = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.organizationId, organizationId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const id = PLATFORM_FILE.exec(item.itemFile?.url ?? '')?.[1];
    const row = id ? byId.get(id) : undefined;
    if (!row || !item.itemFile) return item;
    return { ...item, itemValue: row.name, itemFile: { ...item.itemFile, name: row.name, contentType: row.contentType } };
  });
}
