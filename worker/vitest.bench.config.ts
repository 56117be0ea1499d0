import { defineConfig, type ConfigEnv, type ViteUserConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run bench results`: the Worker benchmarks under bench/, in the same Workers pool (workerd,
// local D1 with the migrations applied) as the Worker tests, which never run them.
export default defineConfig(async (env: ConfigEnv) => {
  const config = await (base as (e: ConfigEnv) => Promise<ViteUserConfig>)(env);
  return { ...config, test: { ...config.test, name: 'worker-bench', include: ['bench/**/*.bench.ts'], testTimeout: 300_000 } };
});
