import { describe, expect, it } from 'vitest';
import { extensionOf, isExecutableName, visibleName } from '../../src/shared/file-names';

describe('file names a person can trust (issue 36 M4)', () => {
  it('drops bidirectional controls, zero-width and other invisible characters', () => {
    expect(visibleName('factura\u202Efdp.bat')).toBe('facturafdp.bat');
    for (const c of ['\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\uFEFF', '\u00AD', '\u0007', '\u2028', '\uFE0F']) {
      expect(visibleName(`a${c}b.pdf`), JSON.stringify(c)).toBe('ab.pdf');
    }
    expect(visibleName('  dos\u00A0\u2003espacios.txt ')).toBe('dos espacios.txt');
    expect(visibleName('cotización ñandú.pdf')).toBe('cotización ñandú.pdf');
  });

  it('knows the extensions that run or install something, however they are written', () => {
    for (const name of ['a.exe', 'A.EXE', 'b.bat', 'c.cmd', 'd.com', 'e.scr', 'f.js', 'g.vbs', 'h.ps1', 'i.msi', 'j.lnk', 'k.app', 'l.sh', 'm.exe.', 'n.exe  ', 'o.hta', 'p.jar']) {
      expect(isExecutableName(name), name).toBe(true);
    }
    for (const name of ['a.pdf', 'b.txt', 'c.png', 'exe', '.bat', 'd.docx', 'e.exe.txt', 'f']) expect(isExecutableName(name), name).toBe(false);
    expect(extensionOf('a.tar.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
  });
});
