import { safeStorage } from 'electron';
import type ElectronStore from 'electron-store';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../shared/constants';
import { createMemoryTokenVault, type Logger, type TokenVault, type Tokens } from '../services/ports';

const KEYCHAIN_SERVICE = 'Atiende';
const SEALED_KEY = 'sealedTokens';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

function isKeytar(value: unknown): value is Keytar {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.getPassword === 'function' && typeof candidate.setPassword === 'function' && typeof candidate.deletePassword === 'function';
}

/** keytar is an optional dependency: absent, unbuilt or without a keyring, it is simply not used. */
async function loadKeytar(logger: Logger): Promise<Keytar | null> {
  try {
    const specifier = 'keytar';
    const loaded: unknown = await import(/* @vite-ignore */ specifier);
    const keytar = isKeytar(loaded) ? loaded : typeof loaded === 'object' && loaded !== null && 'default' in loaded && isKeytar(loaded.default) ? loaded.default : null;
    if (!keytar) return null;
    // Throws where there is no keyring service to talk to.
    await keytar.getPassword(KEYCHAIN_SERVICE, STORAGE_KEYS.accessToken);
    return keytar;
  } catch (error) {
    logger.info(`OS keychain (keytar) unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function keytarVault(keytar: Keytar): TokenVault {
  return {
    async get() {
      const [access, refresh] = await Promise.all([
        keytar.getPassword(KEYCHAIN_SERVICE, STORAGE_KEYS.accessToken),
        keytar.getPassword(KEYCHAIN_SERVICE, STORAGE_KEYS.refreshToken)
      ]);
      return access && refresh ? { access, refresh } : null;
    },
    async set(tokens) {
      await keytar.setPassword(KEYCHAIN_SERVICE, STORAGE_KEYS.accessToken, tokens.access);
      await keytar.setPassword(KEYCHAIN_SERVICE, STORAGE_KEYS.refreshToken, tokens.refresh);
    },
    async clear() {
      await keytar.deletePassword(KEYCHAIN_SERVICE, STORAGE_KEYS.accessToken);
      await keytar.deletePassword(KEYCHAIN_SERVICE, STORAGE_KEYS.refreshToken);
    }
  };
}

/** safeStorage counts only when it really encrypts: Linux without a keyring falls back to a fixed key ('basic_text'). */
function safeStorageEncrypts(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

const Sealed = z.object({ [STORAGE_KEYS.accessToken]: z.string().min(1), [STORAGE_KEYS.refreshToken]: z.string().min(1) });

function sealedVault(store: ElectronStore<Record<string, unknown>>, logger: Logger): TokenVault {
  const open = (sealed: string) => safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  const seal = (plain: string) => safeStorage.encryptString(plain).toString('base64');
  return {
    async get() {
      const parsed = Sealed.safeParse(store.get(SEALED_KEY));
      if (!parsed.success) return null;
      try {
        return { access: open(parsed.data[STORAGE_KEYS.accessToken]), refresh: open(parsed.data[STORAGE_KEYS.refreshToken]) };
      } catch (error) {
        logger.warn('Stored tokens could not be decrypted; signing in again is required', error);
        store.delete(SEALED_KEY);
        return null;
      }
    },
    async set(tokens: Tokens) {
      store.set(SEALED_KEY, { [STORAGE_KEYS.accessToken]: seal(tokens.access), [STORAGE_KEYS.refreshToken]: seal(tokens.refresh) });
    },
    async clear() {
      store.delete(SEALED_KEY);
    }
  };
}

/**
 * Where the tokens live (DESIGN.md §3): the OS keychain through keytar; where keytar cannot load,
 * Electron safeStorage-encrypted values in the settings file; where neither encrypts, memory only
 * (the user signs in again after a restart). Never plain text on disk. Call after app 'ready'.
 */
export async function createElectronTokenVault(store: ElectronStore<Record<string, unknown>>, logger: Logger): Promise<TokenVault> {
  const keytar = await loadKeytar(logger);
  if (keytar) {
    logger.info('Tokens are kept in the OS keychain');
    return keytarVault(keytar);
  }
  if (safeStorageEncrypts()) {
    logger.info('Tokens are kept encrypted with Electron safeStorage');
    return sealedVault(store, logger);
  }
  store.delete(SEALED_KEY);
  logger.warn('No OS keychain and no encryption available: tokens are kept in memory only and the session ends when the app closes');
  return createMemoryTokenVault();
}
