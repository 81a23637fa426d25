import { fileURLToPath } from 'node:url';

/**
 * The migrations shipped next to this module. Bundled builds (Electron) copy the folder elsewhere
 * and pass its location through the configuration instead.
 */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}
