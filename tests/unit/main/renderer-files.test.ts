import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareIndexHtml, readRendererFile } from '../../../src/main/renderer-files';

const INDEX = `<!doctype html><html><head><title>Atiende</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`;

function built(): string {
  const parent = mkdtempSync(join(tmpdir(), 'atiende-renderer-'));
  writeFileSync(join(parent, 'secret.txt'), 'no');
  const dir = join(parent, 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  return dir;
}

describe('renderer files', () => {
  it('makes asset references absolute and loads the bridge before the module script', () => {
    const html = prepareIndexHtml(INDEX, true);
    expect(html).toContain('src="/assets/index-abc.js"');
    expect(html).toContain('href="/assets/index-abc.css"');
    expect(html.indexOf('<script src="/__atiende/bridge.js"></script>')).toBeGreaterThan(0);
    expect(html.indexOf('/__atiende/bridge.js')).toBeLessThan(html.indexOf('type="module"'));
    expect(prepareIndexHtml(INDEX, false)).not.toContain('bridge.js');
  });

  it('serves files, falls back to index.html for client routes and answers 404 for missing assets', async () => {
    const dir = built();
    const asset = await readRendererFile(dir, '/assets/index-abc.js');
    expect(asset).toMatchObject({ status: 200, contentType: 'text/javascript; charset=utf-8' });
    const route = await readRendererFile(dir, '/analitica/estadisticas/asesor-humano/chats');
    expect(route.status).toBe(200);
    expect(String(route.body)).toContain('src="/assets/index-abc.js"');
    expect((await readRendererFile(dir, '/assets/missing.js')).status).toBe(404);
  });

  it('never serves anything outside the renderer folder', async () => {
    const dir = built();
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00.js']) {
      const file = await readRendererFile(dir, path);
      expect(String(file.body)).not.toBe('no');
    }
  });
});
