import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP_STEPS, DOWNLOAD_STEP, findElectronBinary, MISSING_ELECTRON, WEB_STEPS, type ElectronProbes } from '../../scripts/start';

const scratch = mkdtempSync(join(tmpdir(), 'atiende-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let made = 0;
/** A fake node_modules/electron folder: with path.txt naming `executable` and/or that file in dist/. */
function electronPackage({ pathTxt, binary }: { pathTxt?: string; binary?: string } = {}): string {
  const dir = join(scratch, `case-${made++}`, 'node_modules', 'electron');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.js'), 'module.exports = "never run by the detection";\n');
  if (pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), pathTxt);
  if (binary !== undefined) {
    const file = join(dir, 'dist', binary);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
    chmodSync(file, 0o755);
  }
  return dir;
}

/** The machine's file system, the package folder and environment given. */
function probes(packageDir: string | null, env: Record<string, string> = {}): ElectronProbes {
  return {
    packageDir,
    env,
    exists: existsSync,
    read: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    }
  };
}

describe('npm start: is there an Electron binary?', () => {
  it('a downloaded binary: path.txt names the executable inside dist/', () => {
    const dir = electronPackage({ pathTxt: 'electron', binary: 'electron' });
    expect(findElectronBinary(probes(dir))).toBe(join(dir, 'dist', 'electron'));
    const mac = electronPackage({ pathTxt: 'Electron.app/Contents/MacOS/Electron', binary: 'Electron.app/Contents/MacOS/Electron' });
    expect(findElectronBinary(probes(mac))).toBe(join(mac, 'dist', 'Electron.app/Contents/MacOS/Electron'));
  });

  it('missing: the package as npm installs it (no path.txt, no dist/), as on this machine', () => {
    expect(findElectronBinary(probes(electronPackage()))).toBeNull();
  });

  it('missing: path.txt written but no executable in dist/ (an unpacking cut short), or an empty path.txt', () => {
    expect(findElectronBinary(probes(electronPackage({ pathTxt: 'electron' })))).toBeNull();
    expect(findElectronBinary(probes(electronPackage({ pathTxt: 'electron', binary: 'other' })))).toBeNull();
    expect(findElectronBinary(probes(electronPackage({ pathTxt: '', binary: 'electron' })))).toBeNull();
  });

  it('missing: no electron package at all', () => {
    expect(findElectronBinary(probes(null))).toBeNull();
  });

  it('ELECTRON_EXEC_PATH, which electron-vite starts instead, decides when set', () => {
    const binary = join(electronPackage({ pathTxt: 'electron', binary: 'electron' }), 'dist', 'electron');
    expect(findElectronBinary(probes(electronPackage(), { ELECTRON_EXEC_PATH: binary }))).toBe(binary);
    expect(findElectronBinary(probes(electronPackage({ pathTxt: 'electron', binary: 'electron' }), { ELECTRON_EXEC_PATH: join(scratch, 'nowhere') }))).toBeNull();
  });

  it('says why in one Spanish line, then what to do', () => {
    expect(MISSING_ELECTRON.startsWith('No se encontró el binario de Electron: su descarga falló al instalar')).toBe(true);
    expect(MISSING_ELECTRON).not.toContain('\n');
    expect(MISSING_ELECTRON).toContain('npm run web');
  });
});

describe('npm start: the commands it runs', () => {
  const scripts = (JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const joined = (steps: readonly (readonly string[])[]) => steps.map((step) => step.join(' ')).join(' && ');

  it('package.json starts it with tsx', () => {
    expect(scripts.start).toBe('tsx scripts/start.ts');
  });

  it('with a binary: what npm start ran before', () => {
    expect(joined(DESKTOP_STEPS)).toBe('electron-vite build && electron-vite preview');
  });

  it("without one, first the electron package's own download of its binary", () => {
    const electron = JSON.parse(readFileSync(resolve(__dirname, '../../node_modules/electron/package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(DOWNLOAD_STEP).toEqual(['install-electron']);
    expect(Object.keys(electron.bin)).toContain('install-electron');
  });

  it('without one: the same steps as npm run web', () => {
    expect(joined(WEB_STEPS)).toBe(scripts.web);
  });
});
