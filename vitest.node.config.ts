import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node',
    include: ['shared/**/*.test.ts', 'web/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
