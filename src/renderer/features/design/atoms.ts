import { atom } from 'jotai';
import { DEFAULT_DASHBOARD_DESIGN } from '../../../shared/domain/dashboard-design';
import type { DesignView } from '../../../shared/ipc';
import { designTheme } from '../../components/brand-theme';

/** What the app wears until the main process answers: the default design, no logo, no font file. */
export const DEFAULT_DESIGN_VIEW: DesignView = { design: DEFAULT_DASHBOARD_DESIGN, logo: null, font: null, logoError: null };

/**
 * The dashboard design the app wears (issue 40), as the main process hands it over ('design:current',
 * then every 'design:changed'). `pushed`: a push arrived, so a slower first answer never overwrites it.
 */
export const designViewAtom = atom<DesignView & { pushed: boolean }>({ ...DEFAULT_DESIGN_VIEW, pushed: false });

export const designAtom = atom((get) => get(designViewAtom).design);

/** The Fluent theme of the design: the principal colour's ramp, its text colour, the font. */
export const designThemeAtom = atom((get) => designTheme(get(designAtom)));
