import { cpSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { rendererConfig } from './vite.renderer.config';
import { ensureWidgetBundle } from './scripts/widget-bundle';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The embedded platform reads its SQL migrations from disk and the window wants its icon: both are
 * copied next to the built main process (out/main/migrations, out/main/icon.png); index.ts passes
 * the migrations folder to the platform process.
 */
function copyMainResources(): Plugin {
  return {
    name: 'atiende:copy-main-resources',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? resolve(root, 'out/main');
      const migrations = resolve(root, 'src/server/db/migrations');
      const target = resolve(outDir, 'migrations');
      rmSync(target, { recursive: true, force: true });
      if (existsSync(migrations)) cpSync(migrations, target, { recursive: true });
      const icon = resolve(root, 'resources/icon.png');
      if (existsSync(icon)) cpSync(icon, resolve(outDir, 'icon.png'));
    }
  };
}

/** The platform serves the customer widget from the main bundle: it is built (when stale) before the main process is. */
function buildWidget(): Plugin {
  return {
    name: 'atiende:widget-bundle',
    async buildStart() {
      await ensureWidgetBundle();
    }
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies stay in node_modules (native argon2, PGlite's wasm files); only our code is bundled.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          'platform-process': resolve(root, 'src/main/platform-process.ts')
        }
      }
    },
    plugins: [buildWidget(), copyMainResources()]
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot require node_modules: bundle everything (zod) into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: rendererConfig
});
