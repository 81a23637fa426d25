import type { SettingsCall, SettingsResponse } from '../../../shared/settings-calls';
import { useLoad, type Load, type LoadOptions } from '../use-load';
import { callSettings, type SettingsRequest } from './settings-client';

export type SettingsLoad<T> = Load<T>;

/**
 * One settings read ('settings:call'), kept for the page to change after its writes (the app's one
 * load hook, components/use-load.ts: stale-safe, pending at once on a new request, quiet on a live
 * reload).
 */
export function useSettingsLoad<C extends SettingsCall>(call: C, request: SettingsRequest<C> = {}, options: LoadOptions = {}): SettingsLoad<SettingsResponse<C>> {
  const key = JSON.stringify([call, request.query ?? null, request.params ?? null, request.body ?? null, request.idOrg ?? null]);
  return useLoad(key, () => callSettings(call, request), options);
}
