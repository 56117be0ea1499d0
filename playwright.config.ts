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
  fullyParallel: false,
  workers: 1,
  // Games are dealt at random, so a rare deal can outlast a test's budget; CI retries once
  // (a retried pass is reported as flaky in the output).
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    // Serves the already built SPA (`npm run build`) with the Worker and rooms, like `npm start`.
    command: `npx wrangler dev --port ${PORT} --persist-to .wrangler/e2e-state --log-level warn`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
