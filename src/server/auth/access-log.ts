import type { UserAccessEventType } from '../../shared/domain/user';
import { userAccessLog } from '../db/schema';
import type { Db } from '../db/types';

export interface AccessRecord {
  userId: number;
  organizationId: number;
  event: UserAccessEventType;
  at: Date;
  /** The client address of a sign-in or of the failure that locked. */
  ip?: string | null;
  /** The administrator who unlocked. */
  actorId?: number | null;
}

/** The user_access_log row of a record. */
export function accessRow(record: AccessRecord): typeof userAccessLog.$inferInsert {
  return { ...record, ip: record.ip ?? null, actorId: record.actorId ?? null };
}

/** Writes one entry of the staff access log (user_access_log): sign-ins, locks and unlocks. */
export async function recordAccess(db: Db, record: AccessRecord): Promise<void> {
  await db.insert(userAccessLog).values(accessRow(record));
}
