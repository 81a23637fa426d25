import { DateTime } from 'luxon';
import { PRESENCE, type PresenceWord } from '../../chat/presence-words';
import { withinPeriod, type ChatRules, type SchedulePeriod } from '../../chat/schedule';
import type { ActivityCatalogue, CatalogueAgent } from './catalogue';
import { DAY_MS, MINUTE_MS } from './calendar';
import { hash32, Rng } from './random';

/** One stretch of an agent's connection history (agent_status_changes), always closed. */
export interface Stretch {
  userId: number;
  status: PresenceWord;
  pauseEventId: number | null;
  startMs: number;
  endMs: number;
}

type ShiftKind = 'morning' | 'afternoon';

/**
 * Morning or afternoon shift per agent, chosen so that every split has someone on both shifts when
 * it can (each agent takes the shift its splits are thinner on); the shifts swap every other week.
 */
export function baseShifts(agents: readonly CatalogueAgent[]): Map<number, ShiftKind> {
  const kinds = new Map<number, ShiftKind>();
  const cover = new Map<number, { morning: number; afternoon: number }>();
  let previous: ShiftKind = 'afternoon';
  for (const agent of agents) {
    const score = (kind: ShiftKind) => Math.min(...agent.splits.map((s) => cover.get(s)?.[kind] ?? 0), Number.POSITIVE_INFINITY);
    const m = score('morning');
    const a = score('afternoon');
    const kind: ShiftKind = m < a ? 'morning' : a < m ? 'afternoon' : previous === 'morning' ? 'afternoon' : 'morning';
    kinds.set(agent.idUser, kind);
    previous = kind;
    for (const s of agent.splits) {
      const c = cover.get(s) ?? { morning: 0, afternoon: 0 };
      c[kind] += 1;
      cover.set(s, c);
    }
  }
  return kinds;
}

interface Pause {
  startMin: number;
  minutes: number;
  eventId: number | null;
}

/** Local minutes since midnight → epoch ms of that local day. */
function at(day: DateTime, minutes: number): number {
  return day.startOf('day').plus({ minutes }).toMillis();
}

/**
 * The agents' connection history over [fromMs, nowMs]: on working days a shift of Activo stretches
 * broken by pauses (lunch, active breaks, the restroom, a weekly training), Desconectado between
 * shifts. Weekdays everyone works (a few absences), 6:30–15:00 or 12:30–21:00; Saturdays the morning
 * shift and half the afternoon one; Sundays about a third of the team. Stretches are clipped to the range, so every one starts and ends inside it.
 */
export function planShifts(catalogue: ActivityCatalogue, fromMs: number, nowMs: number): Stretch[] {
  const zone = catalogue.rules.timeZone;
  const kinds = baseShifts(catalogue.agents);
  const { pauses } = catalogue;
  const stretches: Stretch[] = [];
  let firstDay = DateTime.fromMillis(fromMs - DAY_MS, { zone });
  if (!firstDay.isValid) firstDay = DateTime.fromMillis(fromMs - DAY_MS, { zone: 'America/Bogota' });
  firstDay = firstDay.startOf('day');
  for (const [position, agent] of catalogue.agents.entries()) {
    const own: Stretch[] = [];
    for (let day = firstDay; day.toMillis() < nowMs; day = day.plus({ days: 1 })) {
      const rng = new Rng(hash32(catalogue.org, agent.idUser, day.year * 1000 + day.ordinal, 11));
      const swapped = day.weekNumber % 2 === 1;
      const base = kinds.get(agent.idUser) ?? 'morning';
      const kind: ShiftKind = swapped ? (base === 'morning' ? 'afternoon' : 'morning') : base;
      const weekday = day.weekday;
      let startMin: number;
      let endMin: number;
      if (weekday <= 5) {
        if (rng.chance(0.04)) continue; // absent
        [startMin, endMin] = kind === 'morning' ? [6 * 60 + 30, 15 * 60] : [12 * 60 + 30, 21 * 60];
      } else if (weekday === 6) {
        if (kind === 'afternoon' && position % 2 === 1) continue;
        [startMin, endMin] = kind === 'morning' ? [8 * 60, 14 * 60] : [12 * 60, 18 * 60];
      } else {
        if ((position + day.weekNumber) % 3 !== 0) continue;
        [startMin, endMin] = [9 * 60, 17 * 60];
      }
      startMin += rng.int(-10, 8);
      endMin += rng.int(-5, 15);
      // Breaks are staggered across the team, and lunches fall while both shifts overlap.
      const stagger = (position % 4) * 15;
      const wanted: Pause[] = [];
      if (pauses.active !== null) {
        wanted.push({ startMin: startMin + 90 + stagger + rng.int(0, 10), minutes: rng.int(10, 15), eventId: pauses.active });
        if (endMin - startMin > 7 * 60) wanted.push({ startMin: endMin - 150 + stagger + rng.int(0, 10), minutes: rng.int(10, 15), eventId: pauses.active });
      }
      if (weekday <= 5 && pauses.lunch !== null) {
        wanted.push({ startMin: (kind === 'morning' ? 12 * 60 + 40 : 13 * 60 + 50) + rng.int(0, 12), minutes: rng.int(50, 58), eventId: pauses.lunch });
      }
      if (weekday === 3 && kind === 'afternoon' && pauses.training !== null) wanted.push({ startMin: startMin + 35, minutes: 60, eventId: pauses.training });
      for (let i = rng.int(0, 2); i > 0; i--) {
        if (pauses.restroom !== null) wanted.push({ startMin: startMin + rng.int(40, endMin - startMin - 40), minutes: rng.int(5, 10), eventId: pauses.restroom });
      }
      wanted.sort((a, b) => a.startMin - b.startMin);
      let cursor = startMin;
      for (const pause of wanted) {
        if (pause.startMin < cursor + 20 || pause.startMin + pause.minutes > endMin - 20) continue;
        own.push({ userId: agent.idUser, status: PRESENCE.active, pauseEventId: null, startMs: at(day, cursor), endMs: at(day, pause.startMin) });
        own.push({ userId: agent.idUser, status: PRESENCE.paused, pauseEventId: pause.eventId, startMs: at(day, pause.startMin), endMs: at(day, pause.startMin + pause.minutes) });
        cursor = pause.startMin + pause.minutes;
      }
      own.push({ userId: agent.idUser, status: PRESENCE.active, pauseEventId: null, startMs: at(day, cursor), endMs: at(day, endMin) });
    }
    // Desconectado from the end of one shift to the start of the next, and after the last one.
    const history: Stretch[] = [];
    for (const [i, stretch] of own.entries()) {
      history.push(stretch);
      const next = own[i + 1];
      if (next && next.startMs > stretch.endMs) history.push({ userId: agent.idUser, status: PRESENCE.disconnected, pauseEventId: null, startMs: stretch.endMs, endMs: next.startMs });
    }
    const last = own[own.length - 1];
    if (last && last.endMs < nowMs) history.push({ userId: agent.idUser, status: PRESENCE.disconnected, pauseEventId: null, startMs: last.endMs, endMs: nowMs });
    for (const s of history) {
      const startMs = Math.max(s.startMs, fromMs);
      const endMs = Math.min(s.endMs, nowMs);
      if (endMs > startMs) stretches.push({ ...s, startMs, endMs });
    }
  }
  return stretches;
}

/** 15 minutes: the grain of the availability map (every time zone offset is a multiple of it). */
export const SLOT_MS = 15 * MINUTE_MS;

/**
 * Which agents the router could offer a chat of a split to at a moment: the agents of the split
 * Activo for the whole 15-minute slot around it, while the split attends (its schedule and the
 * organisation's working days and hours).
 */
export class Availability {
  private readonly origin: number;
  private readonly bySplit = new Map<number, number[][]>();
  /** Per slot: local weekday and minute of day at the slot's start. */
  private readonly local: { weekday: number; minutes: number }[] = [];

  constructor(catalogue: ActivityCatalogue, stretches: readonly Stretch[], fromMs: number, nowMs: number) {
    this.origin = Math.floor(fromMs / SLOT_MS) * SLOT_MS;
    const count = Math.ceil((nowMs - this.origin) / SLOT_MS) + 1;
    let zone = catalogue.rules.timeZone;
    if (!DateTime.local().setZone(zone).isValid) zone = 'America/Bogota';
    for (let q = 0; q < count; q++) {
      const local = DateTime.fromMillis(this.origin + q * SLOT_MS, { zone });
      this.local.push({ weekday: local.weekday, minutes: local.hour * 60 + local.minute });
    }
    const active = new Map<number, boolean[]>();
    for (const s of stretches) {
      if (s.status !== PRESENCE.active) continue;
      const slots = active.get(s.userId) ?? new Array<boolean>(count).fill(false);
      for (let q = Math.ceil((s.startMs - this.origin) / SLOT_MS); q < count && this.origin + (q + 1) * SLOT_MS <= s.endMs; q++) if (q >= 0) slots[q] = true;
      active.set(s.userId, slots);
    }
    for (const split of catalogue.splits.values()) {
      const agents = catalogue.agents.filter((a) => a.splits.includes(split.idSplit));
      const perSlot: number[][] = [];
      for (let q = 0; q < count; q++) {
        const open = this.openAt(q, catalogue.rules, split.periods);
        perSlot.push(open ? agents.filter((a) => active.get(a.idUser)?.[q]).map((a) => a.idUser) : []);
      }
      this.bySplit.set(split.idSplit, perSlot);
    }
  }

  private openAt(q: number, rules: ChatRules, periods: readonly SchedulePeriod[]): boolean {
    const local = this.local[q];
    if (!local) return false;
    const first = local.minutes;
    const last = local.minutes + 14;
    const inside = (start: string, end: string) => withinPeriod(first, start, end) && withinPeriod(last, start, end);
    return (
      rules.diasLaborales.includes(local.weekday) &&
      inside(rules.horaLaboralInicio, rules.horaLaboralFin) &&
      periods.some((p) => p.dia === local.weekday && inside(p.horaInicio, p.horaFin))
    );
  }

  /** The agents of the split who could take a chat at `ms`. */
  agentsAt(splitId: number, ms: number): readonly number[] {
    return this.bySplit.get(splitId)?.[Math.floor((ms - this.origin) / SLOT_MS)] ?? [];
  }

  /** The organisation's local weekday and minute of day at `ms` (for the working-hours check). */
  localAt(ms: number): { weekday: number; minutes: number } {
    const q = Math.floor((ms - this.origin) / SLOT_MS);
    const local = this.local[Math.max(0, Math.min(q, this.local.length - 1))] ?? { weekday: 1, minutes: 0 };
    return { weekday: local.weekday, minutes: local.minutes + Math.floor((ms - this.origin - q * SLOT_MS) / MINUTE_MS) };
  }
}
