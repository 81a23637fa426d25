import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/services/api-client';
import type { ChatLink } from '../../../src/main/services/chat-link.service';
import { createChatService } from '../../../src/main/services/chat.service';
import { safeFileName } from '../../../src/main/services/file-download';
import { markFromInternet } from '../../../src/main/services/internet-mark';
import { silentLogger, type FileSaver } from '../../../src/main/services/ports';

/**
 * Saving a customer's file (issue 36 M4): never under a name that runs when double-clicked, nothing
 * invisible in the name, and marked as downloaded from the internet where the system has a mark.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atiende-guardar-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function service(typed?: string) {
  const offered: string[] = [];
  const marked: string[] = [];
  const saver: FileSaver = {
    // The person may type another name in the dialog.
    choosePath: async (name) => {
      offered.push(name);
      return join(dir, typed ?? name);
    },
    chooseFolder: async () => dir,
    showInFolder: () => undefined
  };
  const body = () => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode('@echo off')), c.close()) });
  const api = { call: async () => ({ ok: true, data: body() }) } as unknown as ApiClient;
  const chat = createChatService({ api, link: {} as ChatLink, saver, logger: silentLogger, markFromInternet: async (path) => void marked.push(path) });
  return { chat, offered, marked };
}

describe('saving a chat file', () => {
  it('offers and saves an executable name with .txt appended, without invisible characters, and marks it', async () => {
    const { chat, offered, marked } = service();
    const result = await chat.saveFile({ url: '/api/multimedia/descargar/f-1', name: 'factura\u202Efdp.bat' });
    expect(offered).toEqual(['facturafdp.bat.txt']);
    expect(result).toEqual({ ok: true, data: { path: join(dir, 'facturafdp.bat.txt') } });
    expect(readdirSync(dir)).toEqual(['facturafdp.bat.txt']);
    expect(marked).toEqual([join(dir, 'facturafdp.bat.txt')]);
  });

  it('appends .txt when the person types an executable name in the dialog too', async () => {
    for (const typed of ['instalar.EXE', 'x.ps1', 'acceso.lnk', 'y.exe. ', 'z.msi']) {
      const { chat } = service(typed);
      const result = await chat.saveFile({ url: '/widget/files/f-2', name: 'foto.png' });
      expect(result).toEqual({ ok: true, data: { path: join(dir, `${typed}.txt`) } });
    }
    const { chat } = service('informe.pdf');
    expect(await chat.saveFile({ url: '/widget/files/f-3', name: 'informe.pdf' })).toEqual({ ok: true, data: { path: join(dir, 'informe.pdf') } });
  });

  it('keeps names of documents as they are, less what is invisible', () => {
    expect(safeFileName('cotización ñandú.pdf')).toBe('cotización ñandú.pdf');
    expect(safeFileName('contrato\u200B\u2066.pdf\u2069')).toBe('contrato.pdf');
  });
});

describe('the internet mark', () => {
  const deps = (platform: NodeJS.Platform) => {
    const written: [string, string][] = [];
    const ran: [string, readonly string[]][] = [];
    return {
      written,
      ran,
      deps: { platform, now: () => 0x65000000 * 1000, writeFile: async (p: string, d: string) => void written.push([p, d]), execFile: async (f: string, a: readonly string[]) => void ran.push([f, a]) }
    };
  };

  it("writes Windows' Zone.Identifier stream with the internet zone", async () => {
    const w = deps('win32');
    expect(await markFromInternet('C:\\Descargas\\a.pdf', w.deps)).toBe('zone-identifier');
    expect(w.written).toEqual([['C:\\Descargas\\a.pdf:Zone.Identifier', '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=about:internet\r\n']]);
  });

  it("sets macOS' quarantine attribute", async () => {
    const m = deps('darwin');
    expect(await markFromInternet('/Users/ana/Downloads/a.pdf', m.deps)).toBe('quarantine');
    expect(m.ran).toEqual([['/usr/bin/xattr', ['-w', 'com.apple.quarantine', '0081;65000000;Atiende;', '/Users/ana/Downloads/a.pdf']]]);
  });

  it('writes nothing where the system has no such mark', async () => {
    const l = deps('linux');
    expect(await markFromInternet('/home/ana/a.pdf', l.deps)).toBe('none');
    expect([...l.written, ...l.ran]).toEqual([]);
  });
});
