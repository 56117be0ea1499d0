import { defineConfig } from 'vitest/config';

// Two projects: the pure rules package (and web logic) under Node, and the Worker inside workerd.
export default defineConfig({
  test: {
    projects: ['./vitest.node.config.ts', './worker/vitest.config.ts'],
  },
});
