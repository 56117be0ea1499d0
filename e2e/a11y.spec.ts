import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MahjongPlayer } from './mahjong-player';
import { startPassAndPlay } from './pass-player';
import { latinWords } from './latin';
import { botReplay } from './replay-file';
import { closeAll, newPlayer, seatedAsCreator, setLanguage, shots, type Player } from './room-helpers';
import { LOCAL_GAMES, needFor, ROOM_GAMES, strayIds } from './games';

/**
 * Every screen in English and Arabic passes axe-core (WCAG 2 A and AA, best practice) with no
 * serious or critical violation. One room per game, two people and bots in the other seats at the
 * quick pace and a 5 s clock: each person's seat times out twice and a bot takes it over (the only
 * person at a table of bots is never taken over, hence the second), and the game runs to its end,
 * so the mid-game table, the bot banner and the result screen are all checked.
 */
test.describe.configure({ timeout: 240_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Serious and critical violations of the page as it is now, one line each (empty when clean). */
async function violations(page: Page): Promise<string[]> {
  // Screens fade and slide in: judge colours once finite animations have come to rest. The turn
  // clock's ring steps with a short transition four times a second for as long as a turn runs: it
  // never rests, and its colours do not change as it moves.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              a.effect?.getTiming().iterations === Infinity ||
              ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.clock-ring') != null,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(async (e: Error) => {
      // Say what kept moving, so a screen that never rests is named rather than a bare timeout.
      const moving = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => {
            const el = (a.effect as KeyframeEffect | null)?.target as HTMLElement | null;
            const what = a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : 'script';
            return `${what} on ${el?.tagName.toLowerCase() ?? '?'}${el?.dataset.testid ? `[${el.dataset.testid}]` : ''}`;
          }),
      );
      throw new Error(`${e.message}\nstill running: ${[...new Set(moving)].join(', ')}`);
    });
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')} — ${v.help}`,
    );
}

/**
 * Checks the screen in English, then in Arabic (where no English word may be left either),
 * then goes back to English.
 */
async function checkBoth(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    const v = await violations(page);
    if (lang === 'ar') v.push(...(await latinWords(page)).map((w) => `English left in Arabic: ${w}`));
    if (v.length) found.set(`${screen} [${lang}]`, v);
  }
  await setLanguage(page, 'en');
}

function report(found: Map<string, string[]>): string {
  return [...found].map(([screen, v]) => `${screen}:\n  ${v.join('\n  ')}`).join('\n');
}

/** Each browser-only game's screens, from its landing page to its result card (a whole game is played to reach it). */
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
    // The result card at the end of a game (played quickly: no motion to wait for).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const mahjong = new MahjongPlayer(page);
    let reading = await mahjong.waitUntilSettled();
    while (!reading.over) reading = (await mahjong.playRound(reading)).after;
    await expect(mahjong.gameOver).toBeVisible();
    await checkBoth(page, 'mahjong game over', found);
    await shots(page, 'a11y-mahjong-over');
    await page.emulateMedia({ reducedMotion: null });
  },
};

test('home, not-found, unknown room, Mahjong and pass-and-play pass axe in English and Arabic', async ({ page }) => {
  // A whole Mahjong game is played to reach its result card.
  test.setTimeout(480_000);
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

/** How each room game's table is set up for the check: its seats, and options it needs. */
const TABLE_SETUPS: Record<string, { seats: number; options?: (p: Page) => Promise<void> }> = {
  // The lowest match target: the same result screen after a third of the rounds of a 152 match.
  baloot: { seats: 4, options: (p) => p.locator('.create input[type="number"]').fill('52') },
  eights: { seats: 4 },
  rummy: { seats: 3 },
  dhappa: { seats: 4 },
};

test('every table setup is for a room game of the catalog', () => {
  expect(strayIds(TABLE_SETUPS, ROOM_GAMES)).toEqual([]);
  expect(strayIds(LOCAL_SCREENS, LOCAL_GAMES)).toEqual([]);
});

for (const entry of ROOM_GAMES) {
  test(`${entry.id}: lobby, table, bot banner and result pass axe in English and Arabic`, async ({ browser }) => {
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
      await page.emulateMedia({ reducedMotion: null });
      await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 150_000 });
      await checkBoth(page, `${game.id} result`, found);
    } finally {
      await closeAll([host, guest]);
    }
    expect(report(found)).toBe('');
  });
}
