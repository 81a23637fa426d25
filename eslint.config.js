import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const electronOnlyHere = 'Only src/main/index.ts, src/main/adapters/ and src/preload/ may import electron (DESIGN.md §2).';

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
  }
);
