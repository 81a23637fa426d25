import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const electronOnlyHere = 'Only src/main/index.ts, src/main/adapters/ and src/preload/ may import electron (DESIGN.md §2).';

/**
 * The renderer's features and what each may import besides itself, components/, app/ and shared/:
 * one direction only, lower layers first. A feature's state another one must clear registers
 * itself (features/session/sign-out-resets.ts) instead of being imported from below.
 */
const FEATURE_DEPENDENCIES = {
  platform: [],
  session: ['platform'],
  analytics: ['session', 'platform'],
  home: ['analytics', 'session', 'platform'],
  reports: ['analytics', 'session', 'platform'],
  queue: ['home', 'analytics', 'session', 'platform'],
  // The dashboard editor's live preview draws the agent console's own header, bubbles and footer,
  // and the organisation's own figures through the statistics' query hook.
  settings: ['chat', 'analytics', 'session', 'platform'],
  chat: ['session', 'platform']
};
const featureBoundaries = Object.entries(FEATURE_DEPENDENCIES).flatMap(([feature, allowed]) =>
  Object.keys(FEATURE_DEPENDENCIES)
    .filter((other) => other !== feature && !allowed.includes(other))
    .map((other) => ({
      target: `./src/renderer/features/${feature}`,
      from: `./src/renderer/features/${other}`,
      message: `features/${feature} may import only ${allowed.length > 0 ? allowed.join(', ') : 'no other feature'} (eslint.config.js FEATURE_DEPENDENCIES); move what both need to components/ or a lower feature.`
    }))
);

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**', '.data/**', 'src/server/widget/bundle.generated.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: electronOnlyHere }],
          patterns: [{ group: ['electron/*'], message: electronOnlyHere }]
        }
      ]
    }
  },
  {
    files: ['src/main/index.ts', 'src/main/adapters/**', 'src/preload/**', 'tests/e2e/electron-smoke.spec.ts'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    files: ['src/renderer/**', 'src/widget/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: electronOnlyHere }],
          patterns: [
            { group: ['**/main/**', '**/server/**', 'node:*', 'fastify', 'drizzle-orm*'], message: 'The renderer and shared code import no runtime of another process.' }
          ]
        }
      ]
    }
  },
  {
    // The Rules of Hooks and the React Compiler's checks (plugin v7's recommended set) on the two React trees.
    files: ['src/renderer/**/*.{ts,tsx}', 'src/widget/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended
  },
  {
    // No import cycles in the sources: a module graph with a cycle has no safe initialisation order
    // and is the usual sign of a type or helper living in the wrong module. import-x follows value
    // imports only (a type-only import is erased at build time). The sources import each other by
    // relative paths without extension and use no tsconfig paths, so import-x's own resolver, told
    // the TypeScript extensions, finds every module (it was faster here than the TypeScript resolver);
    // packages are not followed (ignoreExternal).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js modules and finds no cycle through TypeScript ones.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })]
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] }
  },
  {
    files: ['src/renderer/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureBoundaries }] }
  }
);
