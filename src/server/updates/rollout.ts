import { eq } from 'drizzle-orm';
import type { UpdateRollout, UpdateRolloutBody } from '../../shared/domain/updates';
import type { Db } from '../db/types';
import { updateRollouts } from '../db/schema';
import { HttpError } from '../http/errors';
import { publishedRelease } from './release';

export const ROLLOUT_TEXT = {
  notPublished: 'La versión indicada no es la publicada en el canal de actualizaciones',
  noFeed: 'La plataforma no tiene carpeta de actualizaciones (UPDATES_DIR)'
} as const;

async function row(db: Db, version: string) {
  const [found] = await db.select().from(updateRollouts).where(eq(updateRollouts.version, version));
  return found;
}

/** The stagingPercentage served for `version`: the rollout's (0 while paused), or null to keep the channel file's own. */
export async function servedPercentage(db: Db, version: string): Promise<number | null> {
  const found = await row(db, version);
  if (!found) return null;
  return found.paused ? 0 : found.percentage;
}

/** The published release and its rollout; a version with no rollout row is at its channel file's percentage (100 when it names none). */
export async function readRollout(db: Db, dir: string | undefined): Promise<UpdateRollout> {
  const release = dir ? await publishedRelease(dir) : null;
  if (!release) return { published: null, percentage: 100, paused: false, updatedAt: null };
  const found = await row(db, release.version);
  return {
    published: { version: release.version, releaseDate: release.releaseDate, channels: release.channels },
    percentage: found?.percentage ?? Math.max(0, Math.min(100, Math.round(release.stagingPercentage ?? 100))),
    paused: found?.paused ?? false,
    updatedAt: found?.updatedAt.toISOString() ?? null
  };
}

/** Sets the rollout of the published version (409 for any other: the feed moved on). */
export async function setRollout(db: Db, dir: string | undefined, body: UpdateRolloutBody, userId: number, now: Date): Promise<UpdateRollout> {
  if (!dir) throw new HttpError(409, ROLLOUT_TEXT.noFeed);
  const release = await publishedRelease(dir);
  if (release?.version !== body.version) throw new HttpError(409, ROLLOUT_TEXT.notPublished);
  const values = { version: body.version, percentage: body.percentage, paused: body.paused, updatedBy: userId, updatedAt: now };
  await db.insert(updateRollouts).values(values).onConflictDoUpdate({ target: updateRollouts.version, set: values });
  return readRollout(db, dir);
}
