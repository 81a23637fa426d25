import type ElectronStore from 'electron-store';
import { SETTINGS_DEFAULTS, SettingsShape, type SettingKey, type Settings, type SettingsData } from '../services/ports';

/**
 * Settings in electron-store under the SPEC §9 key names. Every read is validated: a value edited by
 * hand into something invalid reads as its default instead of reaching the services.
 */
export function createElectronSettings(store: ElectronStore<Record<string, unknown>>): Settings {
  return {
    get<K extends SettingKey>(key: K): SettingsData[K] {
      const parsed = SettingsShape.shape[key].safeParse(store.get(key) ?? null);
      // Validated with this key's own schema.
      return parsed.success ? (parsed.data as SettingsData[K]) : SETTINGS_DEFAULTS[key];
    },
    set(key, value) {
      SettingsShape.shape[key].parse(value);
      if (value === null) store.delete(key);
      else store.set(key, value);
    }
  };
}
