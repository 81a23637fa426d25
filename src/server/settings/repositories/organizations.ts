import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateOrganization, Organization, UpdateOrganization } from '../../../shared/domain/organization';
import { organizations, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { duplicateAs } from '../conflicts';
import { provisionOrganization } from '../organization-defaults';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The organisations (companias, role 1). The schema name is unique among all of them, deleted ones
 * included (409). A delete is logical: the row and everything of the organisation stay, deleted_at
 * is set and is_active cleared, so it is no longer listed nor chosen and its users cannot sign in.
 * Neither a deactivation nor a delete may take the caller's own organisation (409).
 */

const organizationColumns = {
  idOrg: organizations.idOrg,
  name: organizations.name,
  schemaName: organizations.schemaName,
  isActive: organizations.isActive,
  organizationType: organizations.organizationType
};

const ORGANIZATION_DUPLICATES = { organizations_schema_name_unique: SETTINGS_TEXT.schemaTaken };

const live = isNull(organizations.deletedAt);

/** Lower case without accents, for a search that ignores both. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export const organizationRepository = {
  /** Every organisation not deleted (only the active ones with activeOnly), by id; search on name, schema or type. */
  async list(db: Db, { activeOnly = false, search }: { activeOnly?: boolean; search?: string | undefined } = {}): Promise<Organization[]> {
    const rows = await db
      .select(organizationColumns)
      .from(organizations)
      .where(and(live, activeOnly ? eq(organizations.isActive, true) : undefined))
      .orderBy(asc(organizations.idOrg));
    const wanted = search === undefined ? '' : folded(search.trim());
    if (wanted === '') return rows;
    return rows.filter((org) => [org.name, org.schemaName, org.organizationType].some((field) => folded(field).includes(wanted)));
  },

  /** A new organisation, ready to work (organization-defaults.ts), in one transaction. */
  create(db: Db, fields: z.output<typeof CreateOrganization>, now: Date): Promise<Organization> {
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(organizations)
        .values({ ...fields, dateCreate: now, dateUpdate: now })
        .returning(organizationColumns)
        .catch(duplicateAs(ORGANIZATION_DUPLICATES));
      if (!created) throw new Error('crear organización: no row');
      await provisionOrganization(tx, created, now);
      return created;
    });
  },

  /** Answers the organisation as stored and whether this call deactivated it. */
  async update(db: Db, { idOrg, ...fields }: z.output<typeof UpdateOrganization>, callerOrg: number, now: Date): Promise<{ organization: Organization; deactivated: boolean }> {
    if (idOrg === callerOrg && !fields.isActive) throw new HttpError(409, SETTINGS_TEXT.ownOrganization);
    return db.transaction(async (tx) => {
      const [before] = await tx.select({ isActive: organizations.isActive }).from(organizations).where(and(eq(organizations.idOrg, idOrg), live)).for('update');
      if (!before) throw new HttpError(404, SETTINGS_TEXT.organizationNotFound);
      const [row] = await tx
        .update(organizations)
        .set({ ...fields, dateUpdate: now })
        .where(eq(organizations.idOrg, idOrg))
        .returning(organizationColumns)
        .catch(duplicateAs(ORGANIZATION_DUPLICATES));
      const organization = found(row, SETTINGS_TEXT.organizationNotFound);
      return { organization, deactivated: before.isActive && !organization.isActive };
    });
  },

  /** The logical delete. */
  async remove(db: Db, idOrg: number, callerOrg: number, now: Date): Promise<void> {
    if (idOrg === callerOrg) throw new HttpError(409, SETTINGS_TEXT.ownOrganization);
    const [row] = await db
      .update(organizations)
      .set({ deletedAt: now, isActive: false, dateUpdate: now })
      .where(and(eq(organizations.idOrg, idOrg), live))
      .returning({ idOrg: organizations.idOrg });
    found(row, SETTINGS_TEXT.organizationNotFound);
  },

  /** The ids of the organisation's users (not deleted): whose sessions end when it is deactivated or deleted. */
  async userIds(db: Db, idOrg: number): Promise<number[]> {
    const rows = await db
      .select({ idUser: users.idUser })
      .from(users)
      .where(and(eq(users.organizationId, idOrg), isNull(users.deletedAt)));
    return rows.map((r) => r.idUser);
  }
};
