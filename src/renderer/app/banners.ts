import { atom, useAtomValue, useSetAtom } from 'jotai';
import { UI } from '../../shared/constants';

export type BannerIntent = 'error' | 'warning' | 'info' | 'success';

export interface BannerAction {
  label: string;
  run: () => void;
}

export interface Banner {
  id: number;
  intent: BannerIntent;
  text: string;
  action?: BannerAction;
}

export type BannerInput = Omit<Banner, 'id'>;

/** Adds a banner, keeping only the newest `max` (SPEC §9: at most 3 visible). */
export function addBanner(list: readonly Banner[], banner: Banner, max: number = UI.banner.max): Banner[] {
  return [...list, banner].slice(-max);
}

export function removeBanner(list: readonly Banner[], id: number): Banner[] {
  return list.filter((b) => b.id !== id);
}

/** The banners of the session area (top centre). */
export const bannersAtom = atom<Banner[]>([]);

let nextBannerId = 1;

/** Shows a banner that hides by itself after 10 s (SPEC §9); returns a function that hides it now. */
export const showBannerAtom = atom(null, (_get, set, input: BannerInput) => {
  const id = nextBannerId++;
  set(bannersAtom, (list) => addBanner(list, { id, ...input }));
  const dismiss = () => set(bannersAtom, (list) => removeBanner(list, id));
  setTimeout(dismiss, UI.banner.autoHideMs);
  return dismiss;
});

export const dismissBannerAtom = atom(null, (_get, set, id: number) => {
  set(bannersAtom, (list) => removeBanner(list, id));
});

export const clearBannersAtom = atom(null, (_get, set) => set(bannersAtom, []));

export function useShowBanner(): (input: BannerInput) => () => void {
  return useSetAtom(showBannerAtom);
}

export function useBanners(): Banner[] {
  return useAtomValue(bannersAtom);
}
