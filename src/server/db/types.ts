import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** A Drizzle database (or transaction) over the platform schema, whichever driver runs it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
