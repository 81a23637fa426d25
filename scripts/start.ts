/**
 * `npm start`: the desktop app on the embedded demo platform — `electron-vite build`, then
 * `electron-vite preview` — exactly as before, where the electron package has its binary.
 *
 * Where it has none, electron-vite builds everything and only then stops with `Error: Electron
 * uninstall` (its getElectronPath reads node_modules/electron/path.txt and throws without it).
 * Electron 42 and later no longer download the binary when the package is installed, only when
 * `require('electron')` or `npx electron` first runs, which electron-vite never does; on a machine
 * without a route to Electron's download host it cannot be fetched at all. So the binary is looked
 * for first, the way electron-vite looks for it; when it is missing, its download is tried once
 * (the package's own installer, `install-electron`), and only when that fails one Spanish line says
 * so and the browser host starts instead (the same two steps as `npm run web`, on its default
 * port), so the README's first command still opens the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endAs, runStep, runSteps, type Ending } from './steps';

export const MISSING_ELECTRON =
  'No se encontró el binario de Electron: su descarga falló al instalar. Se abre Atiende en el navegador (como npm run web); para la aplicación de escritorio, descárguelo con acceso a la red: npx install-electron';

/** The electron package's own download of its binary (its `install-electron` bin), tried once when the binary is missing. */
export const DOWNLOAD_STEP: readonly string[] = ['install-electron'];

/** What `npm start` ran before, step by step (`a && b`): the desktop app. Arguments after `--` go to the last step. */
export const DESKTOP_STEPS: readonly (readonly string[])[] = [
  ['electron-vite', 'build'],
  ['electron-vite', 'preview']
];

/** package.json's `web` script, step by step (tests/unit/start-script.test.ts keeps the two equal). */
export const WEB_STEPS: readonly (readonly string[])[] = [
  ['tsx', 'scripts/widget-bundle.ts'],
  ['tsx', 'src/main/browser-host.ts']
];

/** What the detection may look at: the machine, faked in tests. */
export interface ElectronProbes {
  /** The electron package's folder (node_modules/electron), or null when the package is not installed. */
  packageDir: string | null;
  env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
  /** A text file's content, or null when it cannot be read. */
  read(path: string): string | null;
}

/**
 * The Electron binary electron-vite would start, or null when there is none. The same rule as
 * electron-vite's getElectronPath: ELECTRON_EXEC_PATH when set; otherwise the package's path.txt
 * (written once the download has been unpacked) names the executable inside its dist/ folder.
 * Unlike electron-vite, a named file that does not exist counts as missing too.
 */
export function findElectronBinary({ packageDir, env, exists, read }: ElectronProbes): string | null {
  const named = env.ELECTRON_EXEC_PATH;
  if (named) return exists(named) ? named : null;
  if (packageDir === null) return null;
  const pathFile = join(packageDir, 'path.txt');
  const executable = exists(pathFile) ? read(pathFile) : null;
  if (!executable) return null;
  const binary = join(packageDir, 'dist', executable);
  return exists(binary) ? binary : null;
}

function electronPackageDir(): string | null {
  try {
    // Resolving names the package's main file without running it (running it would try to download).
    return dirname(createRequire(import.meta.url).resolve('electron'));
  } catch {
    return null;
  }
}

export function machineProbes(): ElectronProbes {
  return {
    packageDir: electronPackageDir(),
    env: process.env,
    exists: existsSync,
    read(path) {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    }
  };
}

/** Whether the binary is there, after trying its download once when it was not. */
async function electronReady(): Promise<boolean> {
  if (findElectronBinary(machineProbes()) !== null) return true;
  console.log('Descargando el binario de Electron…');
  // Its own failure is a stack trace: the one line below says what a newcomer needs instead.
  const { ending: download } = await runStep(DOWNLOAD_STEP, [], 'quiet');
  return 'code' in download && download.code === 0 && findElectronBinary(machineProbes()) !== null;
}

async function main(argv: readonly string[]): Promise<void> {
  let ending: Ending;
  if (await electronReady()) {
    ending = (await runSteps(DESKTOP_STEPS, argv)).ending;
  } else {
    console.error(MISSING_ELECTRON);
    ending = (await runSteps(WEB_STEPS, [])).ending;
  }
  endAs(ending);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main(process.argv.slice(2));
