import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWidgetBundle } from '../../scripts/widget-bundle';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const builtIndex = join(root, 'out', 'renderer', 'index.html');
/** What the renderer bundle is made from. */
const SOURCES = [join(root, 'src', 'renderer'), join(root, 'src', 'shared'), join(root, 'vite.renderer.config.ts')];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Builds the renderer once for the whole run, unless out/renderer is newer than its sources; the customer widget likewise. */
export default async function globalSetup(): Promise<void> {
  await ensureWidgetBundle();
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (built > 0 && Math.max(...SOURCES.map(newestMtime)) <= built) return;
  console.log('Compilando la interfaz (out/renderer)…');
  execFileSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit'
  });
}
