import { describe, expect, it } from 'vitest';
import { installKindOf, otherInstall, selfUpdateAllowed, twoInstallsNotice, type InstallProbes } from '../../../src/main/install-kind';

const ENV = { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local', ProgramFiles: 'C:\\Program Files', ProgramW6432: 'C:\\Program Files', 'ProgramFiles(x86)': 'C:\\Program Files (x86)' };
const USER_EXE = 'C:\\Users\\ana\\AppData\\Local\\Programs\\Atiende\\Atiende.exe';
const MACHINE_EXE = 'C:\\Program Files\\Atiende\\Atiende.exe';

function machine(execPath: string, installed: string[] = [], extra: Partial<InstallProbes> = {}): InstallProbes {
  const files = new Set(installed.map((p) => p.toLowerCase()));
  return { platform: 'win32', execPath, env: ENV, exists: (p) => files.has(p.toLowerCase()), ...extra };
}

describe('the kind of install and the other kind on the same machine (issue 41)', () => {
  it('tells the NSIS install per user from the MSI install per machine by where it runs from', () => {
    expect(installKindOf(machine(USER_EXE))).toBe('user');
    expect(installKindOf(machine(MACHINE_EXE))).toBe('machine');
    expect(installKindOf(machine('c:\\program files\\atiende\\Atiende.exe'))).toBe('machine');
    expect(installKindOf(machine('D:\\portable\\Atiende\\Atiende.exe'))).toBe('other');
    expect(installKindOf(machine('/Applications/Atiende.app/Contents/MacOS/Atiende', [], { platform: 'darwin' }))).toBe('other');
    // A folder that only starts like the install folder is not it.
    expect(installKindOf(machine('C:\\Program Files\\Atiende Viejo\\Atiende.exe'))).toBe('other');
  });

  it('finds an install of the other kind, whichever runs, and says which to keep and how to remove the other', () => {
    expect(otherInstall(machine(USER_EXE, [USER_EXE]))).toBeNull();
    const fromUser = otherInstall(machine(USER_EXE, [USER_EXE, MACHINE_EXE]));
    expect(fromUser).toEqual({ kind: 'machine', path: MACHINE_EXE });
    const fromMachine = otherInstall(machine(MACHINE_EXE, [USER_EXE, MACHINE_EXE]));
    expect(fromMachine).toEqual({ kind: 'user', path: USER_EXE });
    expect(twoInstallsNotice('user', fromUser!).message).toContain('desinstale la copia de su usuario');
    expect(twoInstallsNotice('machine', fromMachine!).message).toContain(USER_EXE);
    expect(otherInstall(machine('D:\\portable\\Atiende\\Atiende.exe', [USER_EXE, MACHINE_EXE]))).toBeNull();
  });

  it('updates itself only as a packaged install that IT does not manage', () => {
    expect(selfUpdateAllowed(machine(USER_EXE), true)).toBe(true);
    expect(selfUpdateAllowed(machine(MACHINE_EXE), true)).toBe(false);
    expect(selfUpdateAllowed(machine(USER_EXE), false)).toBe(false);
    expect(selfUpdateAllowed(machine(USER_EXE, [], { env: { ...ENV, ATIENDE_UPDATES: 'off' } }), true)).toBe(false);
    expect(selfUpdateAllowed(machine('/opt/Atiende/atiende', [], { platform: 'linux' }), true)).toBe(true);
  });
});
