import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';

/**
 * An IANA zone for luxon, each offset computed once per quarter hour. Luxon asks the zone's offset at
 * every DateTime it makes in it, and an IANA zone answers through Intl.DateTimeFormat's
 * formatToParts (~30 µs): a statistics call made about fifteen of them (the default days, the
 * filter's range, the totals' days) before any SQL ran. An offset changes only at a transition,
 * and the transitions of the zones we name (America/Bogota: since 1914, on whole hours) never
 * fall inside a quarter hour.
 */
class RememberedZone extends Zone {
  private readonly zone: IANAZone;
  private readonly offsets = new Map<number, number>();

  constructor(name: string) {
    super();
    this.zone = IANAZone.create(name);
  }
  override get type(): string {
    return this.zone.type;
  }
  override get name(): string {
    return this.zone.name;
  }
  override get isUniversal(): boolean {
    return false;
  }
  override get isValid(): boolean {
    return this.zone.isValid;
  }
  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.zone.offsetName(ts, options);
  }
  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.zone.formatOffset(ts, format);
  }
  override offset(ts: number): number {
    const slot = Math.floor(ts / QUARTER_HOUR_MS);
    let offset = this.offsets.get(slot);
    if (offset === undefined) {
      offset = this.zone.offset(ts);
      if (this.offsets.size >= REMEMBERED_OFFSETS) this.offsets.clear();
      this.offsets.set(slot, offset);
    }
    return offset;
  }
  override equals(other: Zone): boolean {
    return this.zone.equals(other);
  }
}
const QUARTER_HOUR_MS = 900_000;
/** About a year of quarter hours: the days a statistics call names are few. */
const REMEMBERED_OFFSETS = 35_000;


/** The IANA zone `name` for luxon, its offsets remembered (RememberedZone). */
export function rememberedZone(name: string): Zone {
  return new RememberedZone(name);
}
