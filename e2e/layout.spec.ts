import { expect, test, type Page } from '@playwright/test';
import { report } from './axe';
import { readTable, takeTurn, waitForTable } from './baloot-player';
import { MahjongPlayer } from './mahjong-player';
import { closeAll, createRoomAndJoin, newPlayer, type Player } from './room-helpers';
import { axeAtPhone, expectOnScreen, matrix } from './every-size';
import { GAME_CARDS, smallTargets } from './screen-checks';
import { LOCAL_GAMES, needFor, ROOM_GAMES, strayIds } from './games';

/**
 * Every game's table at every size the site promises, in English and Arabic: one room per
 * game against bots, the same page resized (no new rooms per size), a screenshot of each into
 * e2e/artifacts/layout-<game>-<lang>-<size>.png, and the checks that hold at every size: the
 * hand and the actions are on screen, and the header title fits or carries its full name.
 */

/** Every control of the table and its top bar, but the game's own cards, is a 44 px touch target. */
async function expectTouchTargets(page: Page, where: string): Promise<void> {
  expect.soft(await smallTargets(page, '.room', GAME_CARDS), `small touch targets at ${where}`).toEqual([]);
}

/** The room header's title either fits or names the game in full for whoever focuses or hovers it. */
async function expectTitleReadable(page: Page, where: string): Promise<void> {
  const title = page.getByTestId('room-title');
  const { clipped, full, text } = await title.evaluate((el) => {
    const shown = el.querySelector('.clip') ?? el;
    return { clipped: shown.scrollWidth > shown.clientWidth + 1, full: el.getAttribute('title'), text: el.textContent?.trim() ?? '' };
  });
  if (clipped) {
    expect.soft(full, `clipped title carries the full name at ${where}`).toBeTruthy();
    // A tap shows the whole name.
    await title.click();
    await expect.soft(title.locator('.full'), `tapped title shows the full name at ${where}`).toHaveText(full ?? '');
    await title.blur();
  } else expect(text.length, `title at ${where}`).toBeGreaterThan(0);
}

async function roomWithBots(player: Player, game: string, bots: number[]): Promise<void> {
  await createRoomAndJoin(player, game, { clock: 'none', pace: 'quick' });
  const { page } = player;
  for (const seat of bots) await page.getByTestId(`add-bot-${seat}`).click();
  await expect(page.getByTestId(`seat-${bots[bots.length - 1]}`)).toContainText(/bot/i);
}

test('home and lobby at every size, English and Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await newPlayer(browser, 'Scheherazade', { width: 390, height: 844 });
  await player.page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const { page } = player;
    await page.goto('/');
    await matrix(page, 'home', async () => {
      await expect(page.getByTestId('game-baloot')).toBeVisible();
    });
    // On a phone, choosing a game low on the page brings its form into view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('game-dhappa').click();
    await expectOnScreen(page, 'create-room', 'home form phone');
    // Eight empty seats: Start and the invite still come first on a phone.
    await createRoomAndJoin(player, 'eights', { clock: 'none', pace: 'quick' });
    await matrix(page, 'lobby-eights', async (where) => {
      await expectOnScreen(page, 'start', where);
      await expectOnScreen(page, 'invite-link', where);
    });

    // Join by code: a mistyped code is refused with a reason; the invite link pasted whole opens the room.
    const link = await page.getByTestId('invite-link').inputValue();
    await page.goto('/');
    await page.getByTestId('join-code').fill('not a code');
    await page.getByTestId('join-code-go').click();
    await expect(page.getByRole('alert')).toContainText('not a room code');
    await page.getByTestId('join-code').fill(link);
    await page.getByTestId('join-code-go').click();
    await expect(page).toHaveURL(link);
    await expect(page.getByTestId('seat-0')).toContainText('Scheherazade');

    // Play now: one tap to a game against bots.
    await page.goto('/');
    await page.getByTestId('play-now-eights').click();
    await expect(page).toHaveURL(/\/offline\//);
    await expect(page.getByTestId('hand')).toBeVisible();
  } finally {
    await closeAll([player]);
  }
});

/**
 * How each room game's table is reached and what must be on screen at every size: a room against
 * `bots`, started, and `reach` run until the person's turn shows (`ready`); then the hand and, when
 * given, the `actions` control are in view. A game without an entry fails the test, named.
 */
const TABLE_LAYOUTS: Record<string, { bots: number[]; ready: string; actions: string | null; reach?: (page: Page) => Promise<void> }> = {
  // Play on to the first trick of a played round, so the table shows cards in play.
  baloot: {
    bots: [1, 2, 3],
    ready: 'your-turn',
    actions: 'your-turn',
    reach: async (page) => {
      for (let i = 0; i < 200; i++) {
        await waitForTable(page);
        const t = await readTable(page);
        if (t.summary) await page.getByTestId('summary-close').click();
        else if (t.action === 'play' && !t.buttons.includes('declare')) return;
        else await takeTurn(page, { openHokum: true });
      }
    },
  },
  eights: { bots: [1, 2, 3, 4, 5], ready: 'your-turn', actions: 'draw' },
  rummy: { bots: [1, 2, 3], ready: 'your-turn', actions: 'draw' },
  // Dhappa's landscape fit is the Dhappa table's own work: here only that it shows.
  dhappa: { bots: [1, 2, 3], ready: 'hand', actions: null },
};

test('every table layout is for a room game of the catalog', () => {
  expect(strayIds(TABLE_LAYOUTS, ROOM_GAMES)).toEqual([]);
});

test('every game table at every size, English and Arabic', async ({ browser }) => {
  test.setTimeout(300_000);
  // Every room game of the catalog, each with its entry: a game without one fails here before any room is made.
  const tables = ROOM_GAMES.map((game) => ({
    game: game.id,
    ...needFor(TABLE_LAYOUTS, game, 'table layout (bots, ready, actions) in e2e/layout.spec.ts (TABLE_LAYOUTS)'),
  }));
  const player = await newPlayer(browser, 'Scheherazade', { width: 390, height: 844 });
  const { page } = player;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    for (const { game, bots, ready, actions, reach } of tables) {
      await roomWithBots(player, game, bots);
      await page.getByTestId('start').click();
      await reach?.(page);
      await expect(page.getByTestId(ready)).toBeVisible();
      await matrix(page, game, async (where) => {
        if (actions) {
          await expectOnScreen(page, 'hand', where);
          await expectOnScreen(page, actions, where);
        } else await expect(page.getByTestId('hand')).toBeVisible();
        await expectTitleReadable(page, where);
        await expectTouchTargets(page, where);
      });
    }
  } finally {
    await closeAll([player]);
  }
});

/** Each browser-only game's screens at every size: its landing, its table mid-game and its result. */
const LOCAL_LAYOUTS: Record<string, (page: Page) => Promise<void>> = {
  'mahjong-bet': async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = new MahjongPlayer(page);
    await player.open();
    await matrix(page, 'mahjong-landing', async (where) => {
      await expectOnScreen(page, 'mj-name-input', where);
      await expectOnScreen(page, 'mj-new-game', where);
      expect(await smallTargets(page), where).toEqual([]);
    });
    await player.startGame('Scheherazade');
    let table = await player.waitUntilSettled();
    for (let i = 0; i < 3; i++) table = (await player.playRound(table)).after;
    await matrix(page, 'mahjong', async (where) => {
      await player.waitUntilSettled();
      for (const id of ['mj-hand', 'mj-total', 'mj-outcome', 'mj-bet-higher', 'mj-bet-lower', 'mj-score']) await expectOnScreen(page, id, where);
    });
    while (!table.over) table = (await player.playRound(table)).after;
    const found = new Map<string, string[]>();
    await matrix(page, 'mahjong-over', async (where) => {
      await expect(player.gameOver).toBeVisible();
      await axeAtPhone(page, where, found);
      await expectOnScreen(page, 'mj-over-new-game', where);
      // The header stays in reach: Back and the language toggle are not under the result.
      await expectOnScreen(page, 'mj-back', where);
    });
    expect(report(found), 'the game-over card passes axe').toBe('');
  },
};

test('every local layout is for a browser-only game of the catalog', () => {
  expect(strayIds(LOCAL_LAYOUTS, LOCAL_GAMES)).toEqual([]);
});

for (const game of LOCAL_GAMES) {
  test(`${game.name}: landing, table and game over at every size, English and Arabic`, async ({ page }) => {
    test.setTimeout(300_000);
    await needFor(LOCAL_LAYOUTS, game, 'screens at every size in e2e/layout.spec.ts (LOCAL_LAYOUTS)')(page);
  });
}
