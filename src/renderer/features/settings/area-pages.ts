import type { ComponentType } from 'react';
import type { SettingsArea, SettingsScreenOf } from '../../../shared/settings-screens';

/** How a settings page's code arrives: loaded the first time it is opened. */
export type PageLoader = () => Promise<ComponentType>;

/** The pages of one settings area, by screen: only that area's screens (settings-screens.ts) fit. */
export type AreaPages<A extends SettingsArea> = { readonly [K in SettingsScreenOf<A>]?: PageLoader };

/** Declares an area's pages (features/settings/<area>/screens.ts); the type keeps out another area's screens. */
export function areaPages<A extends SettingsArea>(_area: A, pages: AreaPages<A>): AreaPages<A> {
  return pages;
}
