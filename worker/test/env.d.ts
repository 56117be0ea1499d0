import type { D1Migration } from 'cloudflare:test';
import type { Env as RoomEnv } from '../env';

declare global {
  namespace Cloudflare {
    interface Env extends RoomEnv {
      /** The D1 migrations, read by vitest.config.ts and applied by apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
      /** Empty databases, one per starting version (vitest.config.ts), for d1.test.ts's step-by-step migrations. */
      [fresh: `FRESH_DB_${number}`]: D1Database;
    }
  }
}
