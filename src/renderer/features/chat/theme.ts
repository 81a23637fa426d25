import { atom } from 'jotai';
import { DEFAULT_DASHBOARD_DESIGN, type DashboardDesign } from '../../../shared/domain/dashboard-design';
import type { ColorPair } from '../../../shared/domain/design';
import { designAtom } from '../design/atoms';
import { wornColours } from '../design/wear';

/** The bubble colours of the agent and the customer, from the dashboard design (SPEC §3 colores.asesorHumano). */
export function bubbleColours(design: DashboardDesign = DEFAULT_DASHBOARD_DESIGN): { asesor: ColorPair; cliente: ColorPair } {
  const { asesor, cliente } = wornColours(design);
  return { asesor, cliente };
}

/** The bubble colours of the design the app wears now (designAtom): a saved design changes them live. */
export const bubbleColoursAtom = atom((get) => bubbleColours(get(designAtom)));
