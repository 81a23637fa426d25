import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A renderer test that renders whole pages and walks a form takes 1–3 s; running beside the other
          // workers it has reached vitest's 5 s default. A bound, not a speed check (nothing asserts time).
          testTimeout: 15000
        }
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // Each file builds its own platforms on fresh databases: the modules can be loaded once per worker.
          isolate: false,
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000
        }
      }
    ]
  }
});
