/**
 * `npm run dist [-- <electron-builder arguments>]`: the installers (issue 41) — the widget bundle
 * and `electron-vite build`, then electron-builder with electron-builder.yml (this machine's
 * platform unless the arguments name others: `--win`, `--mac`, `--linux`), never publishing
 * (publishing is copying dist/ into the platform's UPDATES_DIR, docs/operations.md#installers).
 *
 * electron-builder packages a downloaded Electron distribution for each target. Where it cannot be
 * downloaded (no route to Electron's release host or ELECTRON_MIRROR), electron-builder fails deep in
 * a stack trace; this script then says so in one plain line, with what to do.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endAs, runSteps } from './steps';

export const BUILD_STEPS: readonly (readonly string[])[] = [
  ['tsx', 'scripts/widget-bundle.ts'],
  ['electron-vite', 'build']
];
export const PACKAGE_STEP: readonly string[] = ['electron-builder', '--config', 'electron-builder.yml', '--publish', 'never'];

/** A network failure as node (electron-builder's downloads through got and @electron/get) words it. */
const NETWORK_FAILURE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|unable to (?:get|verify)[^\n]*certificate|self[- ]signed certificate|Response code 40[34]/i;

/**
 * Whether electron-builder failed for want of Electron's distribution: a network failure once it
 * started packaging (its `• packaging platform=… electron=…` line), which is when it fetches the
 * distribution of that Electron version for the target. A failure before it (a rebuild of native
 * modules, the configuration) is not one.
 */
export function failedDownloadingElectron(output: string): boolean {
  const packaging = output.search(/packaging\s+platform=\S+\s+arch=\S+\s+electron=/);
  return packaging >= 0 && NETWORK_FAILURE.test(output.slice(packaging));
}

export function electronVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
}

export const NO_ELECTRON_DOWNLOAD = (version: string) =>
  `npm run dist: no se pudo descargar Electron ${version}, que los instaladores empaquetan. Esta máquina no llega al sitio de descargas de Electron (github.com/electron/electron/releases): ` +
  `ejecútelo donde haya acceso, o indique un espejo de su organización con ELECTRON_MIRROR, o una distribución ya descargada con --config.electronDist=<carpeta>.`;

async function main(argv: readonly string[]): Promise<void> {
  const built = await runSteps(BUILD_STEPS, []);
  if (!('code' in built.ending) || built.ending.code !== 0) return endAs(built.ending);
  const packaged = await runSteps([PACKAGE_STEP], argv, 'tee');
  if ('code' in packaged.ending && packaged.ending.code !== 0 && failedDownloadingElectron(packaged.text)) console.error(`\n${NO_ELECTRON_DOWNLOAD(electronVersion())}`);
  endAs(packaged.ending);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main(process.argv.slice(2));
