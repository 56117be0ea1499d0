import { defineConfig } from 'vitest/config';

// Two projects: the pure rules package (and web logic) under Node, and the Worker inside workerd.
export default defineConfig({
  test: {
    projects: ['./vitest.node.config.ts', './worker/vitest.config.ts'],
    // One test file per core. Vitest's default leaves a core to its main process (CPUs - 1), which
    // on CI's two cores ran the files one at a time while the main process sat mostly idle.
    maxWorkers: '100%',
  },
});
