import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: '../wrangler.toml' },
      // Tests create rooms and open sockets without a client address, all under one key: the
      // room-creation and socket-opening limits are lifted here and tested on their own
      // (test/edge.test.ts turns them back on).
      miniflare: { bindings: { ROOM_LIMIT: 'off', SOCKET_LIMIT: 'off' } },
    }),
  ],
  test: {
    name: 'worker',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
