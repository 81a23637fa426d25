import type { FormRegion } from '../shared/realtime';

/** The ids of the cities a region tree offers. */
export function cityIdsOf(regions: readonly FormRegion[]): Set<number> {
  return new Set(regions.flatMap((r) => r.departments.flatMap((d) => d.cities.map((c) => c.id))));
}

/** Where a city is in the tree (its region and department), or null. */
export function placeOf(regions: readonly FormRegion[], cityId: number): { region: number; department: number } | null {
  for (const r of regions) for (const d of r.departments) if (d.cities.some((c) => c.id === cityId)) return { region: r.id, department: d.id };
  return null;
}
