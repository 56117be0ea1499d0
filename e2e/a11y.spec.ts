import { expect, test, type Page } from '@playwright/test';
import { checkBoth, report } from './axe';
import { startPassAndPlay } from './pass-player';
import { botReplay } from './replay-file';
import { closeAll, newPlayer, seatedAsCreator, shots, type Player } from './room-helpers';
import { LOCAL_GAMES, needFor, ROOM_GAMES, strayIds } from './games';

/**
 * Every screen in English and Arabic passes axe-core (WCAG 2 A and AA, best practice) with no
 * serious or critical violation (the checks: e2e/axe.ts). One room per game, two people and bots
 * in the other seats at the quick pace and a 5 s clock: each person's seat times out twice and a
 * bot takes it over (the only person at a table of bots is never taken over, hence the second),
 * so the lobby, the mid-game table and the bot banner are checked. A game's result card is
 * checked where a spec already plays that game to its end (TABLE_SETUPS says where); a game
 * that no other spec finishes is played to its end here.
 */
test.describe.configure({ timeout: 240_000 });

/** Each browser-only game's screens: its landing page and its table. */
const LOCAL_SCREENS: Record<string, (page: Page, found: Map<string, string[]>) => Promise<void>> = {
  'mahjong-bet': async (page, found) => {
    await page.goto('/mahjong');
    await expect(page.getByTestId('mj-landing')).toBeVisible();
    await checkBoth(page, 'mahjong landing', found);
    await page.getByTestId('mj-name-input').fill('Ana');
    await page.getByTestId('mj-new-game').click();
    await expect(page.getByTestId('mj-game')).toBeVisible();
    await page.locator('[data-testid="mj-game"][data-stage="ready"]').waitFor();
    await checkBoth(page, 'mahjong game', found);
    await shots(page, 'a11y-mahjong-game');
    // Its game-over card is checked where a whole game is played anyway (e2e/layout.spec.ts).
  },
};

test('home, not-found, unknown room, Mahjong and pass-and-play pass axe in English and Arabic', async ({ page }) => {
  const found = new Map<string, string[]>();
  await page.goto('/');
  await page.getByTestId('game-baloot').click();
  await expect(page.getByTestId('create-room')).toBeVisible();
  await checkBoth(page, 'home', found);

  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await checkBoth(page, 'not found', found);

  await page.goto('/r/zzzzzzzzzzzz');
  await expect(page.getByTestId('room-missing')).toBeVisible();
  await checkBoth(page, 'unknown room', found);
  await shots(page, 'a11y-unknown-room');

  // Each browser-only game's own screens (a game without them fails here, naming it).
  for (const game of LOCAL_GAMES) await needFor(LOCAL_SCREENS, game, 'screens to check in e2e/a11y.spec.ts (LOCAL_SCREENS)')(page, found);

  // Pass-and-play Rummy (hot-seat Rummy's old address opens its form).
  await page.goto('/rummy/hotseat');
  await expect(page.getByTestId('pass-and-play')).toBeVisible();
  await checkBoth(page, 'pass-and-play form', found);
  await startPassAndPlay(page, 'rummy', ['Ana', 'Ben']);
  await checkBoth(page, 'pass screen', found);
  await page.getByTestId('reveal').click();
  await expect(page.getByTestId('rummy-board')).toBeVisible();
  await checkBoth(page, 'pass-and-play board', found);
  await shots(page, 'a11y-pass-board');

  expect(report(found)).toBe('');
});

test('the replay page, every hand open, passes axe in English and Arabic on a phone and on its side', async ({ page }) => {
  const found = new Map<string, string[]>();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/replay');
  await checkBoth(page, 'replay (no file)', found);
  await page.getByTestId('replay-file').setInputFiles({ name: 'dhappa.json', mimeType: 'application/json', buffer: Buffer.from(botReplay('dhappa', 4, {})) });
  await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('replay-first').click();
  await page.getByTestId('replay-forward').click();
  await page.getByTestId('replay-all-hands').check();
  await expect(page.getByTestId('replay-hands')).toBeVisible();
  await checkBoth(page, 'replay, all hands (phone)', found);
  await page.setViewportSize({ width: 844, height: 390 });
  await checkBoth(page, 'replay, all hands (landscape)', found);
  // The last step: the deal's breakdown in the final table.
  await page.getByTestId('replay-all-hands').uncheck();
  await page.getByTestId('replay-last').click();
  await expect(page.getByTestId('deal-summary')).toBeVisible();
  await checkBoth(page, 'replay, Dhappa deal breakdown (landscape)', found);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkBoth(page, 'replay, Dhappa deal breakdown (phone)', found);
  expect(report(found)).toBe('');
});

/**
 * How each room game's table is set up for the check: its seats, options it needs, and where its
 * result card is checked: `here` (the game is played on to its end after the bot banner) or the
 * test that plays it to its end anyway.
 */
const TABLE_SETUPS: Record<string, { seats: number; options?: (p: Page) => Promise<void>; result: 'here' | string }> = {
  baloot: { seats: 4, result: 'e2e/baloot.spec.ts, the whole match to 152' },
  eights: { seats: 4, result: 'e2e/fair.spec.ts, the finished Eights game' },
  // No other spec plays a Rummy room to its result.
  rummy: { seats: 3, result: 'here' },
  dhappa: { seats: 4, result: 'e2e/dhappa.spec.ts, six seats to the end of a deal' },
};

test('every table setup is for a room game of the catalog', () => {
  expect(strayIds(TABLE_SETUPS, ROOM_GAMES)).toEqual([]);
  expect(strayIds(LOCAL_SCREENS, LOCAL_GAMES)).toEqual([]);
});

for (const entry of ROOM_GAMES) {
  const setup = TABLE_SETUPS[entry.id];
  const screens = setup?.result === 'here' ? 'lobby, table, bot banner and result' : 'lobby, table and bot banner';
  test(`${entry.id}: ${screens} pass axe in English and Arabic`, async ({ browser }) => {
    const game = { id: entry.id, ...needFor(TABLE_SETUPS, entry, 'table setup (seats, options) in e2e/a11y.spec.ts (TABLE_SETUPS)') };
    const found = new Map<string, string[]>();
    const host: Player = await newPlayer(browser, 'Ana');
    const guest: Player = await newPlayer(browser, 'Ben');
    const { page } = host;
    try {
      await page.goto('/');
      await page.getByTestId(`game-${game.id}`).click();
      await page.getByTestId('clock-select').selectOption('5');
      await page.getByTestId('pace-select').selectOption('quick');
      await game.options?.(page);
      await page.getByTestId('create-room').click();
      await seatedAsCreator(page, 'Ana');
      // Ben sits in seat 1 from the invite link and stays on the page (never moving); bots take the rest.
      await guest.page.goto(page.url());
      await expect(guest.page.getByTestId('name-input')).toBeVisible();
      await checkBoth(guest.page, `${game.id} lobby (visitor)`, found);
      await guest.page.getByTestId('name-input').fill('Ben');
      await guest.page.getByTestId('join').click();
      await expect(page.getByTestId('seat-1')).toContainText('Ben');
      for (let s = 2; s < game.seats; s++) await page.getByTestId(`add-bot-${s}`).click();
      await expect(page.getByTestId('start')).toBeEnabled();
      await checkBoth(page, `${game.id} lobby (host)`, found);
      // The table is judged as a reader who asked for reduced motion sees it. Once the person's
      // clock has run out (soon, on a busy machine: axe takes seconds) bots hold every seat and
      // move a few times a second, each move starting the next seat's turn glow, a card's landing
      // and the hand's lift and dimming: a table in full motion never comes to rest (Eights did
      // not in 10 s). With reduced motion every state is a resting one, in the same colours.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.getByTestId('start').click();
      await expect(page.locator('.lobby')).toBeHidden();
      await page.waitForTimeout(1500);
      await checkBoth(page, `${game.id} table`, found);
      if (game.id === 'rummy') await shots(page, 'a11y-rummy-table');
      await expect(page.getByTestId('bot-banner')).toBeVisible({ timeout: 60_000 });
      await checkBoth(page, `${game.id} table, bot playing`, found);
      if (game.result === 'here') {
        await page.emulateMedia({ reducedMotion: null });
        await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 150_000 });
        await checkBoth(page, `${game.id} result`, found);
      }
    } finally {
      await closeAll([host, guest]);
    }
    expect(report(found)).toBe('');
  });
}
