import { splitDerives, splits, splitSchedules } from '../db/schema';
import { DEMO_SCHEDULE_DAYS, DEMO_SCHEDULE_HOURS, DEMO_SPLIT_DERIVES, DEMO_SPLIT_TIMERS, DEMO_SPLITS } from './demo-chat-config';
import type { SeedModule } from './types';

export const splitsSeed: SeedModule = {
  name: 'splits',
  async run(db, { now }) {
    await db.insert(splits).values(DEMO_SPLITS.map((split) => ({ ...split, ...DEMO_SPLIT_TIMERS, fechaCreacion: now, fechaActualizacion: now })));
    await db.insert(splitSchedules).values(
      DEMO_SPLITS.flatMap((split, s) =>
        DEMO_SCHEDULE_DAYS.map((dia, d) => ({
          idHoursBySplits: s * DEMO_SCHEDULE_DAYS.length + d + 1,
          idSplit: split.idSplit,
          dia,
          ...DEMO_SCHEDULE_HOURS
        }))
      )
    );
    await db.insert(splitDerives).values([...DEMO_SPLIT_DERIVES]);
  }
};
