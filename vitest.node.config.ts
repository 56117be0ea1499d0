import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    name: 'node',
    include: ['shared/**/*.test.ts', 'web/src/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts', 'worker/ports/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
