/**
 * The renderer's build for the hosts that serve it from out/renderer (the browser host, the
 * end-to-end run's global set-up): built with vite.renderer.config.ts when missing or older than
 * its sources, once even when several hosts start at the same time.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './services/ports';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the renderer is built to. */
export const rendererOut = join(projectRoot, 'out', 'renderer');
const RENDERER_SOURCES = [join(projectRoot, 'src', 'renderer'), join(projectRoot, 'src', 'shared'), join(projectRoot, 'vite.renderer.config.ts')];
const BUILD_LOCK_WAIT_MS = 5 * 60_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function rendererIsFresh(): boolean {
  const index = join(rendererOut, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  return built > 0 && Math.max(...RENDERER_SOURCES.map(newestMtime)) <= built;
}

/**
 * Builds out/renderer with vite.renderer.config.ts when it is missing or older than its sources.
 * Several hosts may start at once (parallel test workers): a lock directory lets one build while
 * the others wait and then find the output fresh.
 */
export async function ensureRendererBuilt(logger: Logger): Promise<void> {
  if (rendererIsFresh()) return;
  const lock = join(projectRoot, 'out', '.renderer-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + BUILD_LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left behind by a killed build is taken over once it is clearly abandoned.
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > BUILD_LOCK_WAIT_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error('Otra compilación de la interfaz no terminó a tiempo');
      else await new Promise((done) => setTimeout(done, 250));
    }
  }
  try {
    if (rendererIsFresh()) return;
    logger.info('Compilando la interfaz en out/renderer…');
    const { build } = await import('vite');
    await build({ configFile: join(projectRoot, 'vite.renderer.config.ts'), logLevel: 'warn' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
