import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: '../wrangler.toml' },
      // Tests create rooms without a client address, all under one key: the room-creation
      // limit is lifted here and tested on its own (test/edge.test.ts turns it back on).
      miniflare: { bindings: { ROOM_LIMIT: 'off' } },
    }),
  ],
  test: {
    name: 'worker',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
