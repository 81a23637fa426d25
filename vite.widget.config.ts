import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The customer widget's build (src/widget → one classic script and one stylesheet). It is not
 * written to disk as files: scripts/widget-bundle.ts builds it in memory and writes the result
 * as strings into src/server/widget/bundle.generated.js, which the server imports, so every way
 * the platform runs (tsx, the electron-vite bundle, the test suites) serves the same widget
 * without reading anything from disk at run time.
 */
export const widgetConfig = {
  root: resolve(root, 'src/widget'),
  base: '/widget/',
  logLevel: 'warn',
  mode: 'production',
  // Production React whatever NODE_ENV the calling process has (electron-vite's own build sets one).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [react()],
  build: {
    write: false,
    outDir: resolve(root, 'out/widget'),
    emptyOutDir: false,
    cssCodeSplit: false,
    modulePreload: false,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: resolve(root, 'src/widget/main.tsx'),
      // A classic script: no module loader, no chunks to fetch, one <script nonce> under the page's CSP.
      output: { format: 'iife' }
    }
  }
} satisfies UserConfig;

/**
 * The loader a host page's snippet runs (src/widget/loader, issue 40): one small classic script,
 * no React, built the same way beside the widget (GET /widget/loader.js).
 */
export const loaderConfig = {
  root: resolve(root, 'src/widget/loader'),
  logLevel: 'warn',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    write: false,
    outDir: resolve(root, 'out/widget-loader'),
    emptyOutDir: false,
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      input: resolve(root, 'src/widget/loader/main.ts'),
      output: { format: 'iife' }
    }
  }
} satisfies UserConfig;

export default defineConfig(widgetConfig);
