import { win32 } from 'node:path';

/**
 * Which kind of install is running (issue 41), and whether the other kind is on the same machine.
 * Windows has two: the NSIS installer per user (%LOCALAPPDATA%\Programs\Atiende: no administrator
 * rights, updates itself) and the MSI per machine (%ProgramFiles%\Atiende, deployed by IT through
 * GPO or Intune: never updates itself — IT deploys each version). Both at once means two copies
 * that drift apart (Mattermost had to remove per-user installs by hand, PR #3659), so the app says
 * which one to remove. Pure: the machine comes in as probes.
 */
export type InstallKind = 'user' | 'machine' | 'other';

export interface InstallProbes {
  platform: NodeJS.Platform;
  /** The running executable (Electron's process.execPath). */
  execPath: string;
  env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
}

const PRODUCT = 'Atiende';
const EXECUTABLE = 'Atiende.exe';

/** Where each kind puts the app on Windows (electron-builder's defaults for nsis perMachine false and msi perMachine true). */
function installDirs(env: InstallProbes['env']): Record<'user' | 'machine', string[]> {
  const machine = [env.ProgramW6432, env.ProgramFiles, env['ProgramFiles(x86)']].filter((dir): dir is string => !!dir).map((dir) => win32.join(dir, PRODUCT));
  return { user: env.LOCALAPPDATA ? [win32.join(env.LOCALAPPDATA, 'Programs', PRODUCT)] : [], machine };
}

const inside = (path: string, dir: string) => path.toLowerCase().startsWith(`${dir.toLowerCase()}\\`);

export function installKindOf(probes: InstallProbes): InstallKind {
  if (probes.platform !== 'win32') return 'other';
  const dirs = installDirs(probes.env);
  if (dirs.user.some((dir) => inside(probes.execPath, dir))) return 'user';
  if (dirs.machine.some((dir) => inside(probes.execPath, dir))) return 'machine';
  return 'other';
}

/** The install of the other kind on this machine (its executable), or null. */
export function otherInstall(probes: InstallProbes): { kind: 'user' | 'machine'; path: string } | null {
  const kind = installKindOf(probes);
  if (kind === 'other') return null;
  const other = kind === 'user' ? 'machine' : 'user';
  const path = installDirs(probes.env)[other].map((dir) => win32.join(dir, EXECUTABLE)).find((candidate) => probes.exists(candidate));
  return path ? { kind: other, path } : null;
}

/** Whether the app may update itself: a packaged app, not the MSI per machine, and not turned off (ATIENDE_UPDATES=off). */
export function selfUpdateAllowed(probes: InstallProbes, packaged: boolean): boolean {
  return packaged && installKindOf(probes) !== 'machine' && probes.env.ATIENDE_UPDATES !== 'off';
}

/** What the app says on start when both kinds are installed: which to keep (IT's) and how to remove the other. */
export function twoInstallsNotice(running: InstallKind, other: { kind: 'user' | 'machine'; path: string }): { title: string; message: string } {
  const title = 'Atiende está instalado dos veces en este equipo';
  const message =
    running === 'user'
      ? `Su área de TI ya instaló Atiende para todos los usuarios (${other.path}), y esta copia se instaló solo para usted. Use la de TI: cierre Atiende y desinstale la copia de su usuario en Configuración > Aplicaciones > Atiende. Sus chats y su sesión no se pierden.`
      : `Esta es la versión que instaló su área de TI para todos los usuarios. Hay además una copia instalada solo para su usuario (${other.path}) que no recibe las versiones de TI: desinstálela en Configuración > Aplicaciones > Atiende (la de su usuario).`;
  return { title, message };
}
