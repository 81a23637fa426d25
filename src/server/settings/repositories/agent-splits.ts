import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgentSplit, CreateAgentSplit } from '../../../shared/domain/split';
import { chatRoleCondition } from '../../chat/attendants';
import { agentSplits, splits, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { byName } from '../../http/listing';
import { removed } from '../repository';
import { SETTINGS_TEXT } from '../texts';
import { lockSplitOfOrg } from './splits';

/** Which agent answers which split: the router offers a split's chats only to its agents. */

const linkColumns = { idSplitUsuario: agentSplits.idSplitUsuario, idSplit: agentSplits.idSplit, idUser: agentSplits.idUser, nombre: users.name };

export const agentSplitRepository = {
  /** The links of the organisation's splits (of one split with idSplit; the caller checked it), by agent name. */
  async list(db: Db, orgId: number, idSplit: number | undefined): Promise<AgentSplit[]> {
    const rows = await db
      .select(linkColumns)
      .from(agentSplits)
      .innerJoin(splits, eq(splits.idSplit, agentSplits.idSplit))
      .innerJoin(users, eq(users.idUser, agentSplits.idUser))
      .where(and(eq(splits.organizationId, orgId), eq(splits.logicDelete, false), idSplit === undefined ? undefined : eq(agentSplits.idSplit, idSplit)));
    return byName(rows, (r) => r.nombre, (r) => r.idSplitUsuario);
  },

  create(db: Db, orgId: number, link: z.output<typeof CreateAgentSplit>): Promise<AgentSplit> {
    return db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, link.idSplit);
      const [agent] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.idUser, link.idUser), eq(users.organizationId, orgId), chatRoleCondition()));
      if (!agent) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
      const [row] = await tx
        .insert(agentSplits)
        .values({ idSplit: link.idSplit, idUser: link.idUser })
        .onConflictDoNothing()
        .returning({ idSplitUsuario: agentSplits.idSplitUsuario, idSplit: agentSplits.idSplit, idUser: agentSplits.idUser });
      if (!row) throw new HttpError(409, SETTINGS_TEXT.agentSplitExists);
      return { ...row, nombre: agent.name };
    });
  },

  /** The agent stops receiving the split's new chats; the ones he holds stay with him. */
  async remove(db: Db, orgId: number, id: number): Promise<void> {
    const [owned] = await db
      .select({ id: agentSplits.idSplitUsuario })
      .from(agentSplits)
      .innerJoin(splits, eq(splits.idSplit, agentSplits.idSplit))
      .where(and(eq(agentSplits.idSplitUsuario, id), eq(splits.organizationId, orgId)));
    if (!owned) throw new HttpError(404, SETTINGS_TEXT.agentSplitNotFound);
    removed(await db.delete(agentSplits).where(eq(agentSplits.idSplitUsuario, owned.id)).returning({ id: agentSplits.idSplitUsuario }), SETTINGS_TEXT.agentSplitNotFound);
  }
};
