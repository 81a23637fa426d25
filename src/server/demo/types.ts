import type { Db } from '../db/types';

export interface SeedContext {
  /** The moment the data set is generated; every stored date derives from it. */
  now: Date;
  /** How many conversations to generate over the last 90 days (the analytics demo data; 0: none). */
  conversations: number;
}

/** One domain's slice of the demo data. Modules run in list order, inside one transaction. */
export interface SeedModule {
  name: string;
  run(db: Db, ctx: SeedContext): Promise<void>;
}
