import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { readTable, takeTurn, waitForTable, type TableState } from './baloot-player';
import { playEightsTurn } from './eights-player';

/**
 * Offline games against bots: the room runs in a Web Worker in the page, saved in the
 * browser. Each test makes a first online visit (the service worker installs and precaches
 * every chunk, the worker's too), then takes the network away for good.
 */
const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function offlineAfterFirstVisit(browser: Browser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  return { context, page, errors };
}

/** From the home page, by clicking: choose the game, no clock, quick bots, play offline. */
async function startOffline(page: Page, game: string): Promise<string> {
  await page.getByTestId(`game-${game}`).click();
  await page.getByTestId('clock-select').selectOption('none');
  await page.getByTestId('pace-select').selectOption('quick');
  await page.getByTestId('play-offline').click();
  await page.waitForURL(/\/offline\/[0-9a-f]{16}$/);
  await expect(page.getByTestId('connection')).toHaveText('Offline game');
  return new URL(page.url()).pathname;
}

async function setLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  if ((await page.locator('html').getAttribute('dir')) !== dir) await page.getByTestId('language-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** The same screen at phone and desktop size, in English then Arabic; back to English after. */
async function screenshots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    for (const [vp, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(size);
      await ready();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${ARTIFACTS}/${name}-${lang}-${vp}.png` });
    }
  }
  await setLanguage(page, 'en');
  await page.setViewportSize(PHONE);
}


test('offline: Eights against three bots, played to game over by clicking, saved as finished', async ({ browser }) => {
  test.setTimeout(300_000);
  const { context, page, errors } = await offlineAfterFirstVisit(browser);
  try {
    await expect(page.getByTestId('offline-banner')).toContainText('games against bots');
    const path = await startOffline(page, 'eights');
    await expect(page.getByTestId('hand')).toBeVisible();
    await expect(page.locator('[data-testid^="card-"]')).toHaveCount(7);
    await expect(page.locator('[data-testid^="opponent-"]')).toHaveCount(3);
    await screenshots(page, 'offline-eights-table', () => expect(page.getByTestId('hand')).toBeVisible());

    let moves = 0;
    for (let i = 0; i < 2000 && !(await page.getByTestId('game-over').isVisible()); i++) {
      if (await playEightsTurn(page)) moves++;
      else await page.waitForTimeout(100);
    }
    await expect(page.getByTestId('game-over')).toBeVisible();
    await expect(page.getByTestId('game-over').locator('h2')).toHaveText(/won!/);
    expect(moves).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}/offline-eights-game-over-en-phone.png` });

    // Home lists it, finished; Resume opens the final table again.
    await page.getByRole('link', { name: 'Cardroom home' }).click();
    const id = path.split('/').pop()!;
    const row = page.getByTestId(`offline-game-${id}`);
    await expect(row).toContainText('Eights');
    await expect(row).toContainText('Finished');
    await row.getByTestId('offline-resume').click();
    await expect(page.getByTestId('game-over')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline: a Baloot game reloaded mid-trick resumes with the same hand; the home page lists, resumes and deletes it', async ({ browser }) => {
  test.setTimeout(300_000);
  const { context, page, errors } = await offlineAfterFirstVisit(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.getByTestId('game-baloot').click();
    await screenshots(page, 'offline-create', async () => {
      await page.getByTestId('play-offline').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('play-offline')).toBeVisible();
    });
    const path = await startOffline(page, 'baloot');
    await expect(page.getByTestId('hand')).toBeVisible();
    let before: TableState | null = null;
    for (let steps = 0; steps < 2000 && !before; steps++) {
      await waitForTable(page);
      const t = await readTable(page);
      if (t.summary) await page.getByTestId('summary-close').click();
      else if (t.action === 'play' && !t.buttons.includes('declare') && t.trick.length >= 1 && t.hand.length >= 2) before = t;
      else await takeTurn(page, { acceptSawa: true, openHokum: true }, t);
    }
    expect(before).not.toBeNull();
    await screenshots(page, 'offline-baloot-table', () => expect(page.getByTestId('your-turn')).toBeVisible());

    // Reload, still offline: the page, the worker and the game all come back from this browser.
    await page.reload();
    await expect(page.getByTestId('connection')).toHaveText('Offline game');
    await expect(page.getByTestId('your-turn')).toHaveAttribute('data-action', 'play');
    const after = await readTable(page);
    expect(after.seat).toBe(before!.seat);
    expect(after.hand).toEqual(before!.hand);
    expect(after.trick).toEqual(before!.trick);
    await takeTurn(page, {}, after);
    await expect.poll(async () => (await readTable(page)).hand.length).toBe(before!.hand.length - 1);

    // Closing the tab and coming back from the home page's list: same game, same seat.
    await page.goto('/');
    const id = path.split('/').pop()!;
    const row = page.getByTestId(`offline-game-${id}`);
    await expect(row).toContainText('Baloot');
    await expect(row).toContainText('In progress');
    await screenshots(page, 'offline-games-home', () => expect(page.getByTestId('offline-games')).toBeVisible());
    await row.getByTestId('offline-resume').click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('hand')).toBeVisible();
    expect((await readTable(page)).seat).toBe(before!.seat);

    await page.goto('/');
    await page.getByTestId(`offline-game-${id}`).getByTestId('offline-delete').click();
    await expect(page.getByTestId(`offline-game-${id}`)).toHaveCount(0);
    await page.goto(path);
    await expect(page.getByTestId('room-missing')).toContainText('No such offline game');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
