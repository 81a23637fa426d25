import { and, count, eq, inArray } from 'drizzle-orm';
import { channelTypes, virtualAgents } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

/** Texts of the filter checks (SPEC §8 has none for them). */
export const FILTER_MSG = {
  unknownChannel: 'channels: Uno de los canales no existe',
  unknownVirtualAgent: 'idVa: El asistente virtual no existe en la organización'
} as const;

/**
 * A filter naming a channel that does not exist, or an assistant of another organisation, is bad
 * input (400), not an empty answer. Costs a query only when the filter names either.
 */
export async function checkFilterReferences(db: Db, idOrg: number, query: { channels?: number[] | undefined; idVa?: number | undefined }): Promise<void> {
  if (query.channels && query.channels.length > 0) {
    const [found] = await db.select({ n: count() }).from(channelTypes).where(inArray(channelTypes.idChannel, query.channels));
    if (Number(found?.n ?? 0) !== query.channels.length) throw new HttpError(400, FILTER_MSG.unknownChannel);
  }
  if (query.idVa !== undefined) {
    const [found] = await db
      .select({ n: count() })
      .from(virtualAgents)
      .where(and(eq(virtualAgents.idVa, query.idVa), eq(virtualAgents.organizationId, idOrg)));
    if (Number(found?.n ?? 0) === 0) throw new HttpError(400, FILTER_MSG.unknownVirtualAgent);
  }
}
