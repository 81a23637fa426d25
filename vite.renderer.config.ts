import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The one renderer build definition: electron-vite uses it for the desktop app and
 * `npm run build:renderer` / the browser host build with it directly. Both write out/renderer.
 * Asset references are relative ('./'); the hosts serve the app from an origin root and make
 * index.html's references absolute for nested client-side routes (src/main/renderer-files.ts).
 */
export const rendererConfig = {
  root: resolve(root, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(root, 'out/renderer'),
    emptyOutDir: true,
    // Loaded from disk (app://) or loopback, never over a slow network: one large chunk is fine.
    chunkSizeWarningLimit: 4096,
    sourcemap: false
  }
} satisfies UserConfig;

export default defineConfig(rendererConfig);
