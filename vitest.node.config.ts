import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    name: 'node',
    // The Worker's logic that runs on the D1 ports' memory twins (worker/d1/memory.ts) is tested
    // here too; worker/test/ runs inside workerd (worker/vitest.config.ts).
    include: ['shared/**/*.test.ts', 'web/src/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts', 'worker/**/*.test.ts'],
    exclude: ['worker/test/**', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
