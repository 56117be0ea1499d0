import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildWorkerVendor } from '../scripts/worker-vendor';

export default defineConfig(async () => {
  // worker/vendor/webauthn.js, the passkey verifier that worker/passkeys.ts imports on demand, is
  // generated: wrangler's `[build]` makes it for `wrangler dev` and deploy, but the pool runs no build.
  await buildWorkerVendor();
  // The D1 migrations are read here, in Node, and applied inside workerd by test/apply-migrations.ts
  // before every test file, so tests see the same tables `npm start` and `npm run deploy` make.
  const migrations = await readD1Migrations(fileURLToPath(new URL('../migrations', import.meta.url).href));
  // Empty databases for test/d1.test.ts, which applies the migrations step by step from each
  // earlier version: one per starting version (0 … all), test-only, never in wrangler.toml.
  const freshDatabases = Array.from({ length: migrations.length + 1 }, (_, k) => `FRESH_DB_${k}`);
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: '../wrangler.toml' },
        // Tests create rooms, players and sockets without a client address, all under one key: the
        // room-creation, player-creation and socket-opening limits are lifted here and tested on
        // their own (test/edge.test.ts turns them back on).
        miniflare: {
          bindings: { ROOM_LIMIT: 'off', SOCKET_LIMIT: 'off', PLAYER_LIMIT: 'off', TEST_MIGRATIONS: migrations },
          d1Databases: freshDatabases,
        },
      }),
    ],
    test: {
      name: 'worker',
      include: ['test/**/*.test.ts'],
      setupFiles: ['./test/apply-migrations.ts'],
      testTimeout: 30_000,
    },
  };
});
