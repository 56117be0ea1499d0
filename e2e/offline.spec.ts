import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { readTable, takeTurn, waitForTable, type TableState } from './baloot-player';
import { clickAndWait, discardCard, plainDiscard, readTable as readDhappa } from './dhappa-player';
import { playEightsTurn } from './eights-player';
import { stateVersion } from './room-helpers';
import { newStats, RummyPlayer } from './rummy-player';

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

/** From the home page, by clicking: choose the game, no clock, quick bots, the seat count if given, play offline. */
async function startOffline(page: Page, game: string, players?: number): Promise<string> {
  await page.getByTestId(`game-${game}`).click();
  await page.getByTestId('clock-select').selectOption('none');
  await page.getByTestId('pace-select').selectOption('quick');
  if (players) await page.getByTestId('offline-players').selectOption(String(players));
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
    for (const [vp, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
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
    // Joining a room by code needs the network: the button is off and says why.
    await expect(page.getByTestId('join-code-go')).toBeDisabled();
    await expect(page.getByTestId('join-code-go')).toHaveAttribute('aria-describedby', 'join-offline');
    await expect(page.getByTestId('join-code-offline')).toContainText('needs a connection');
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

    // Home lists it, finished: not to resume, but its result, or a new game with its settings.
    await page.getByRole('link', { name: 'Cardroom home' }).click();
    const id = path.split('/').pop()!;
    const row = page.getByTestId(`offline-game-${id}`);
    await expect(row).toContainText('Eights');
    await expect(row).toContainText('Finished');
    await expect(row.getByTestId('offline-resume')).toHaveCount(0);
    await row.getByTestId('offline-result').click();
    await expect(page.getByTestId('game-over')).toBeVisible();
    await page.goBack();
    await row.getByTestId('offline-new').click();
    await expect(page).not.toHaveURL(new RegExp(`/offline/${id}$`));
    await expect(page.getByTestId('hand')).toBeVisible();
    await expect(page.getByTestId('game-over')).toHaveCount(0);
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
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId(`offline-game-${id}`)).toHaveCount(0);
    await page.goto(path);
    await expect(page.getByTestId('room-missing')).toContainText('No such offline game');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline: Dhappa Baaji at six seats (you and five bots), chosen on the home page; turns played by clicking', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page, errors } = await offlineAfterFirstVisit(browser);
  try {
    await page.getByTestId('game-dhappa').click();
    // The game's own seat counts, as the room lobby allows: 4 or 6.
    await expect(page.getByTestId('offline-players').locator('option')).toHaveText(['4', '6']);
    await screenshots(page, 'offline-create-dhappa', async () => {
      await page.getByTestId('play-offline').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('offline-players')).toBeVisible();
    });
    await startOffline(page, 'dhappa', 6);
    await expect(page.getByTestId('dhappa-table')).toBeVisible();
    // Five others around the table (the person's own seat is the hand).
    await expect(page.locator('[data-testid^="player-"]')).toHaveCount(5);
    await expect(page.getByTestId('board-0')).toBeVisible();
    await expect(page.getByTestId('board-1')).toBeVisible();

    // A turn: draw from the stock, discard a plain card; the bots take theirs in between. Five
    // quick bots may end the deal first: then the turns played so far are enough, and a deal they
    // ended before the person's first turn came round is followed by the next one.
    let turns = 0;
    let deals = 1;
    for (let i = 0; i < 600 && turns < 3; i++) {
      if (await page.getByTestId('game-over').isVisible()) {
        if (turns > 0 || deals >= 3) break;
        await page.getByTestId('play-again').click();
        await expect(page.getByTestId('game-over')).toBeHidden();
        deals++;
        continue;
      }
      const t = await readDhappa(page);
      if (!t.myTurn || t.phase !== 'pick') {
        await page.waitForTimeout(100);
        continue;
      }
      const before = t.hand.length;
      expect(await clickAndWait(page, 'draw')).toBe(true);
      const drawn = await readDhappa(page);
      expect(drawn.hand.length).toBe(before + 1);
      const card = plainDiscard(drawn);
      expect(card).not.toBeNull();
      const discards = drawn.discardCount;
      expect(await discardCard(page, card!)).toBe(true);
      const after = await readDhappa(page);
      expect(after.hand.length).toBe(before);
      expect(after.discardCount === discards + 1 || after.myTurn === false).toBe(true);
      turns++;
    }
    expect(turns).toBeGreaterThanOrEqual(1);
    if (turns < 3) await expect(page.getByTestId('game-over')).toBeVisible();
    await screenshots(page, 'offline-dhappa-table', () => expect(page.getByTestId('hand')).toBeVisible());
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline: Rummy with Jokers for three (you and two bots), chosen on the home page; turns played by clicking', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page, errors } = await offlineAfterFirstVisit(browser);
  try {
    await page.getByTestId('game-rummy').click();
    await expect(page.getByTestId('offline-players').locator('option')).toHaveText(['2', '3', '4', '5', '6']);
    await startOffline(page, 'rummy', 3);
    await expect(page.getByTestId('rummy-board')).toBeVisible();
    await expect(page.locator('[data-testid^="player-"]')).toHaveCount(3);

    const player = new RummyPlayer(page, 'offline');
    const stats = newStats();
    let turns = 0;
    for (let i = 0; i < 600 && turns < 3 && !(await page.getByTestId('game-over').isVisible()); i++) {
      await player.dismissDealDialog();
      if (!(await player.isMyTurn())) {
        await page.waitForTimeout(100);
        continue;
      }
      const version = await stateVersion(page);
      await player.playTurn(stats);
      expect(await stateVersion(page)).toBeGreaterThan(version);
      turns++;
    }
    expect(turns).toBeGreaterThanOrEqual(1);
    if (turns < 3) await expect(page.getByTestId('game-over')).toBeVisible();
    expect(stats.turns).toBe(turns);
    await screenshots(page, 'offline-rummy-table', () => expect(page.getByTestId('rummy-board')).toBeVisible());
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline: several saved games are listed newest first, resumed, and deleted only after a confirmation', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page, errors } = await offlineAfterFirstVisit(browser);
  try {
    // Three games, each left from its table.
    const ids: string[] = [];
    for (const [game, players] of [
      ['eights', 2],
      ['rummy', 2],
      ['eights', 5],
    ] as const) {
      await page.goto('/');
      const path = await startOffline(page, game, players);
      await expect(page.locator('[data-testid="hand"], [data-testid="rummy-board"]').first()).toBeVisible();
      ids.push(path.split('/').pop()!);
    }
    await page.goto('/');
    const rows = page.locator('[data-testid^="offline-game-"]');
    await expect(rows).toHaveCount(3);
    // Newest first.
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([...ids].reverse());

    // Resume the middle one: its own table, with its own seat count.
    await page.getByTestId(`offline-game-${ids[1]}`).getByTestId('offline-resume').click();
    await expect(page).toHaveURL(new RegExp(`/offline/${ids[1]}$`));
    await expect(page.getByTestId('rummy-board')).toBeVisible();
    await expect(page.locator('[data-testid^="player-"]')).toHaveCount(2);
    await page.goto('/');

    // Delete asks first; Esc keeps the game and gives focus back to its Delete button.
    const first = page.getByTestId(`offline-game-${ids[0]}`);
    await first.getByTestId('offline-delete').click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this saved game?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Eights');
    await expect(page.getByTestId('confirm-cancel')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(3);
    await expect(first.getByTestId('offline-delete')).toBeFocused();

    // "Keep it" keeps it too (the question in both languages, phone and desktop).
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      await first.getByTestId('offline-delete').click();
      for (const [vp, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(size);
        await expect(page.getByTestId('confirm-dialog')).toBeVisible();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${ARTIFACTS}/offline-delete-confirm-${lang}-${vp}.png` });
      }
      await page.getByTestId('confirm-cancel').click();
      await expect(rows).toHaveCount(3);
    }
    await setLanguage(page, 'en');
    await page.setViewportSize(PHONE);

    // Confirmed: that game goes, the others stay (after a reload too), focus moves to the game now
    // in its place in the list (the one above when it was the last).
    const order = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!));
    const rest = order.filter((id) => id !== ids[0]);
    const next = rest[Math.min(order.indexOf(ids[0]!), rest.length - 1)]!;
    await first.getByTestId('offline-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId(`offline-game-${ids[0]}`)).toHaveCount(0);
    await expect(page.getByTestId(`offline-game-${next}`).getByTestId('offline-resume')).toBeFocused();
    await page.reload();
    await expect(rows).toHaveCount(2);
    await page.goto(`/offline/${ids[0]}`);
    await expect(page.getByTestId('room-missing')).toContainText('No such offline game');
    await page.goto(`/offline/${ids[2]}`);
    await expect(page.locator('[data-testid^="opponent-"]')).toHaveCount(4);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
