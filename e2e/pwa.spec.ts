import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { seatedAsCreator } from './room-helpers';

/**
 * The site's edge in a real browser: installable PWA, offline shell, update prompt, 404 page,
 * all under the Worker's Content-Security-Policy. One browser context per scenario (a service
 * worker belongs to its context).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Collects CSP and Permissions-Policy complaints from the page: there must be none. */
async function watchPolicies(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text: string) => void problems.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportPolicyViolation(t: string): void }).reportPolicyViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  return problems;
}

/** First visit: wait until the service worker is active and has precached the app. */
async function visitAndInstall(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Every URL in the service worker's caches. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
}

async function setArabic(page: Page): Promise<void> {
  await page.getByTestId('language-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The same screen at both sizes, in English then Arabic. */
async function screenshots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    if (lang === 'ar') await setArabic(page);
    for (const vp of VIEWPORTS) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await ready();
      await page.screenshot({ path: join(ARTIFACTS, `${name}-${lang}-${vp.name}.png`) });
    }
  }
}

/**
 * A `wrangler dev` of its own serving a copy of dist/, so that the test can deploy a new
 * version under it. Returns its origin and a function that stops it.
 */
/** A port nobody listens on now: a server left over from an earlier attempt must never answer for this one. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

async function ownServer(assets: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(port), '--assets', assets, '--persist-to', '.wrangler/e2e-update-state', '--log-level', 'error'],
    {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
    },
  );
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await once(child, 'exit');
    }
  };
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    await sleep(250);
  }
  await stop();
  throw new Error('wrangler dev for the update test did not start');
}

test('installable: manifest, icons and an active service worker, under the CSP without a violation', async ({ playwright, baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every new context is:
  // this one has a profile directory of its own.
  const profile = mkdtempSync(join(tmpdir(), 'cardroom-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  const problems = await watchPolicies(context);
  const page = await context.newPage();
  await visitAndInstall(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);

  // Every lazily loaded chunk (game tables, Mahjong, the offline room's worker) is precached.
  const cached = await cachedUrls(page);
  const files = readdirSync(join(ROOT, 'dist', 'assets')).filter((f) => /\.(js|css)$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  for (const f of files) expect(cached, f).toContain(`/assets/${f}`);
  expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);

  // Walk the pages that load other chunks: still no policy complaint.
  await page.getByTestId('game-eights').click();
  await page.getByTestId('create-room').click();
  await seatedAsCreator(page, 'Ana');
  await expect(page).toHaveTitle('Eights — Cardroom');
  await page.goto('/mahjong');
  await expect(page.getByTestId('mj-landing')).toBeVisible();
  await expect(page).toHaveTitle('Mahjong hand betting — Cardroom');
  await page.goto('/rummy/hotseat');
  await expect(page.getByTestId('pass-and-play')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveTitle('Cardroom — card games with friends');
  expect(problems).toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('offline after a first visit: a reload shows home, with a banner; rooms say they need the network', async ({ browser }) => {
  const context = await browser.newContext();
  const problems = await watchPolicies(context);
  const page = await context.newPage();
  await visitAndInstall(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cardroom' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText("You're offline: games against bots, pass-and-play and Mahjong still work.");
  // The API is not served from any cache.
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await page.getByTestId('game-eights').click();
  await page.getByTestId('create-room').click();
  await expect(page.getByRole('alert')).toContainText("You're offline. Rooms with friends need a connection");

  // An invite link opened offline explains itself, then opens once the network is back.
  await page.goto('/r/23456789abcd');
  await expect(page.getByTestId('room-offline')).toContainText("You're offline");
  await context.setOffline(false);
  await expect(page.getByTestId('room-missing')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await screenshots(page, 'offline-home', () => expect(page.getByTestId('offline-banner')).toBeVisible());
  expect(problems).toEqual([]);
  await context.close();
});

for (const [path, ready] of [
  ['/mahjong', 'mj-landing'],
  ['/rummy/hotseat', 'pass-and-play'],
] as const) {
  test(`${path} starts from a cold offline load after one earlier visit`, async ({ browser }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await visitAndInstall(first);
    await first.close();
    await context.setOffline(true);
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    if (path === '/mahjong') {
      await page.getByTestId('mj-name-input').fill('Offline');
      await page.getByTestId('mj-new-game').click();
      await expect(page.getByTestId('mj-game')).toBeVisible();
    } else {
      // Pass-and-play Rummy, its room hosted in the page.
      await page.getByTestId('pass-start').click();
      await expect(page.getByTestId('pass-screen')).toBeVisible();
    }
    await context.close();
  });
}

test('a new deploy shows a quiet update prompt; Reload switches to it', async ({ browser }) => {
  // A second wrangler dev starting while the rest of the suite runs can take a minute on two cores.
  test.setTimeout(240_000);
  // This test deploys: its own server over its own copy of the build.
  const site = mkdtempSync(join(tmpdir(), 'cardroom-deploy-'));
  cpSync(join(ROOT, 'dist'), site, { recursive: true });
  const server = await ownServer(site);
  const context = await browser.newContext({ baseURL: server.origin });
  try {
    const page = await context.newPage();
    await visitAndInstall(page);
    await page.reload(); // now the page is controlled by the first version
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // The next deploy: a service worker that differs by a byte. The page looks for it as it
    // does when a hidden tab comes back; the check is repeated while the server reloads.
    appendFileSync(join(site, 'sw.js'), '\n// next deploy\n');
    await expect(async () => {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update().catch(() => undefined));
      await expect(page.getByTestId('update-prompt')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await updatePromptChecks(page);
  } finally {
    // The server goes even when the context cannot close cleanly (a test out of time).
    await context.close().catch(() => undefined);
    await server.stop();
    rmSync(site, { recursive: true, force: true });
  }
});

async function updatePromptChecks(page: Page): Promise<void> {
  await expect(page.getByTestId('update-prompt')).toContainText('New version available');
  await screenshots(page, 'update-prompt', () => expect(page.getByTestId('update-prompt')).toBeVisible());

  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await expect(page.getByRole('heading', { name: 'كاردروم' })).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
}

test('an unknown path is a real 404 with the styled, translated not-found page', async ({ browser }) => {
  const context = await browser.newContext();
  const problems = await watchPolicies(context);
  const page = await context.newPage();
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  const card = page.getByTestId('not-found');
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Cardroom');
  // Styled like the site: felt background, white card, accent button.
  const styles = await page.evaluate(() => {
    const bg = getComputedStyle(document.querySelector('.nf-page')!).backgroundImage;
    const box = getComputedStyle(document.querySelector('[data-testid="not-found"]')!).backgroundColor;
    const link = getComputedStyle(document.querySelector('[data-testid="not-found-home"]')!).backgroundColor;
    return { bg, box, link };
  });
  expect(styles.bg).toContain('radial-gradient');
  expect(styles.box).toBe('rgb(255, 255, 255)');
  expect(styles.link).toBe('rgb(224, 165, 38)');
  await screenshots(page, 'not-found', () => expect(card).toBeVisible());
  await expect(page).toHaveTitle('الصفحة غير موجودة — كاردروم');
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/$/);
  expect(problems).toEqual([]);
  await context.close();
});

test('the room tab says "● Your turn" while the clock waits for this player', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('game-eights').click();
  await page.getByTestId('clock-select').selectOption('30');
  await page.getByTestId('pace-select').selectOption('quick');
  await page.getByTestId('create-room').click();
  await seatedAsCreator(page, 'Ana');
  await expect(page).toHaveTitle('Eights — Cardroom');
  await page.getByTestId('add-bot-1').click();
  await page.getByTestId('start').click();
  // Ana's turn comes round within a lap of the bot; then the tab says so.
  await expect(page).toHaveTitle('● Your turn — Eights', { timeout: 20_000 });
  await context.close();
});
