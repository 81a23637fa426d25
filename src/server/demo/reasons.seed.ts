import { businessReasons, finalReasons } from '../db/schema';
import { DEMO_BUSINESS_REASONS, DEMO_FINAL_REASONS, type DemoReason } from './demo-chat-config';
import type { SeedModule } from './types';

const MINUTE_MS = 60_000;

/** Later ids were created later (one minute apart, the last at `now`), so "newest first" has a meaning. */
function createdAt(reasons: readonly DemoReason[], index: number, now: Date): Date {
  return new Date(now.getTime() - (reasons.length - 1 - index) * MINUTE_MS);
}

export const reasonsSeed: SeedModule = {
  name: 'reasons',
  async run(db, { now }) {
    await db.insert(businessReasons).values(
      DEMO_BUSINESS_REASONS.map(({ code, ...reason }, i) => {
        const at = createdAt(DEMO_BUSINESS_REASONS, i, now);
        return { ...reason, codigoCausal: code, fechaCreacion: at, fechaActualizacion: at };
      })
    );
    await db.insert(finalReasons).values(
      DEMO_FINAL_REASONS.map(({ code, ...reason }, i) => {
        const at = createdAt(DEMO_FINAL_REASONS, i, now);
        return { ...reason, codigoCausalFinalizacion: code, fechaCreacion: at, fechaActualizacion: at };
      })
    );
  }
};
