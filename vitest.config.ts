import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'supabase/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'supabase/.local/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The database suites start servers and clusters; keep CPU use sane on 2 cores.
    maxWorkers: 2,
  },
});
