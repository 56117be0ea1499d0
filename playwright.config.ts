import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
const systemChromium = '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }
  : {};

const PORT = Number(process.env.E2E_PORT ?? 8799);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // Every test makes its own rooms and browser contexts, so tests run side by side, any file's on
  // either worker: most of a game test's time is spent waiting on paced bots and the network, so two
  // at once on two cores take about the time of one. E2E_WORKERS=1 runs them one at a time again.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Games are dealt at random, so a rare deal can outlast a test's budget; CI retries once
  // (a retried pass is reported as flaky in the output).
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace's DOM snapshots on every action made multi-browser games about three
    // times slower. CI records a full trace only when it retries a failed test; locally a
    // failure keeps the action log and sources without snapshots.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions,
    // Every page asks for reduced motion unless its test opts back in with
    // `test.use({ reducedMotion: 'no-preference' })` (Baloot's and Rummy's table flows, where
    // moves are made while cards deal, fly and land, and the motion checks): a table's endless
    // animations (turn clock ring, turn glow) restyle it 60 times a second and cost an idle page
    // three times the main-thread time in software rendering, and the suite is bound by two
    // cores. E2E_MOTION=1 runs every test in full motion.
    reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  // The Worker's log (below) must hold no runtime assertion (e2e/worker-log.ts).
  globalTeardown: './e2e/worker-log.ts',
  webServer: {
    // Its output goes to e2e/artifacts/worker.log, read by the global teardown.
    // Serves the already built SPA (`npm run build`) with the Worker and rooms, like `npm start`.
    // Every browser here is one address, so the per-address limits on new rooms, players and sockets
    // (tested in worker/test/edge.test.ts) are lifted, as for the load benchmarks: tests side by side
    // create more rooms and players (one a browser context) a minute than one address may.
    command: `mkdir -p e2e/artifacts && npx wrangler d1 migrations apply cardroom --local --persist-to .wrangler/e2e-state < /dev/null && npx wrangler dev --port ${PORT} --persist-to .wrangler/e2e-state --log-level warn --var ROOM_LIMIT:off --var SOCKET_LIMIT:off --var PLAYER_LIMIT:off > e2e/artifacts/worker.log 2>&1`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
