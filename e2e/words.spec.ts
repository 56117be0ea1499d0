import { expect, test, type Page } from '@playwright/test';
import { playEightsTurn } from './eights-player';
import { latinWords } from './latin';
import { startPassAndPlay } from './pass-player';
import { botReplay } from './replay-file';
import { closeAll, createRoomAndJoin, newPlayer, type Player } from './room-helpers';

/** The room sends events as data; the browser words them. These check the words a reader gets. */

async function eightsWithBots(player: Player): Promise<void> {
  await createRoomAndJoin(player, 'eights', { clock: 'none', pace: 'quick' });
  for (const seat of [1, 2, 3]) await player.page.getByTestId(`add-bot-${seat}`).click();
  await expect(player.page.getByTestId('seat-3')).toContainText(/bot|بوت|آلي/i);
  await player.page.getByTestId('start').click();
}

/** Play by clicking until the move log holds `lines` lines (bots play the other seats). */
async function playUntilLogged(player: Player, lines: number): Promise<void> {
  const log = player.page.getByTestId('move-log').locator('li');
  for (let i = 0; i < 200 && (await log.count()) < lines; i++) {
    if (await player.page.getByTestId('game-over').isVisible()) break;
    if (!(await playEightsTurn(player.page))) await player.page.waitForTimeout(150);
  }
}

for (const locale of ['ar', 'en'] as const) {
  test(`Eights against bots on a phone in ${locale === 'ar' ? 'Arabic' : 'English'}: the move log and the live region word every move in the reader's language`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ana = await newPlayer(browser, 'Ana', { width: 390, height: 844 });
    await ana.context.addInitScript((l) => localStorage.setItem('cardroom:locale', l), locale);
    try {
      await eightsWithBots(ana);
      const { page } = ana;
      const announcer = page.getByTestId('announcer');
      await expect(announcer).toHaveAttribute('aria-live', 'polite');
      // The live region is on the page whatever the side panel shows: leave it on Chat, then play.
      await page.getByTestId('panel-toggle').click();
      await page.getByTestId('tab-chat').click();
      await page.getByTestId('panel-toggle').click();
      // Closed, the drawer is hidden, not only moved off the screen: the keyboard never tabs into it.
      await expect(page.getByTestId('tab-chat')).toBeHidden();
      for (let i = 0; i < 100 && !(await playEightsTurn(page)); i++) await page.waitForTimeout(150);
      await expect(announcer).not.toBeEmpty({ timeout: 10_000 });
      const said = (await announcer.textContent()) ?? '';
      if (locale === 'ar') expect(said).toMatch(/[\u0600-\u06ff]/);
      else expect(said).toMatch(/(played|drew|took|kept|to play|Your turn)/);
      await page.getByTestId('panel-toggle').click();
      await page.getByTestId('tab-log').click();
      await page.getByTestId('panel-toggle').click();
      await playUntilLogged(ana, 10);
      await page.getByTestId('panel-toggle').click();
      const lines = await page.getByTestId('move-log').locator('li').allTextContents();
      expect(lines.length).toBeGreaterThanOrEqual(6);
      for (const line of lines) {
        // No message keys, no unfilled placeholders, and each line in the reader's language.
        expect(line).not.toMatch(/(eights|log)\.[a-z]/);
        expect(line).not.toMatch(/[{}]/);
        if (locale === 'ar') expect(line, line).toMatch(/[\u0600-\u06ff]/);
      }
      // A played card is named in full: "Ana played Red 7." / "Ana يلعب 7 أحمر".
      if (locale === 'en') expect(lines.join('\n')).toMatch(/played \u2068(Red|Green|Blue|Yellow|Wild)/);
      // The reader's own moves in the second person ("You played …"), never their name in a third-person line.
      if (locale === 'en') expect(lines.join('\n')).toMatch(/^You (played|drew|took|kept)/m);
      expect(lines.join('\n')).not.toMatch(/\u2068Ana\u2069 (played|drew|took|kept|chose|يلعب|يسحب|يأخذ|يحتفظ|يختار)/);
      if (locale === 'ar') expect(lines.join('\n')).toMatch(/^(تلعب|تسحب|تأخذ|تحتفظ)/m);
      // The drawer wholly open (it slides in over 0.2 s) before the picture.
      await expect(page.locator('#side-panel')).toHaveCSS('transform', 'none');
      await page.screenshot({ path: `e2e/artifacts/move-log-eights-${locale}-phone.png` });
    } finally {
      await closeAll([ana]);
    }
  });
}

/** Collects the Latin words of the screen as it is now under `screen` (none expected in Arabic). */
async function sweep(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const words = await latinWords(page);
  if (words.length) found.set(screen, words);
}

test('in Arabic no English is left: home, errors, replay, Mahjong, pass-and-play, and a Rummy table on your turn (draw, selection, hint)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await newPlayer(browser, 'سارة', { width: 390, height: 844 });
  await ana.context.addInitScript(() => localStorage.setItem('cardroom:locale', 'ar'));
  const found = new Map<string, string[]>();
  const { page } = ana;
  try {
    await page.goto('/');
    await sweep(page, 'home', found);
    await page.getByTestId('game-rummy').click();
    await expect(page.getByTestId('create-room')).toBeVisible();
    await sweep(page, 'home, room form', found);
    await page.goto('/no/such/page');
    await sweep(page, 'not found', found);
    await page.goto('/r/zzzzzzzzzzzz');
    await expect(page.getByTestId('room-missing')).toBeVisible();
    await sweep(page, 'unknown room', found);
    await page.goto('/replay');
    await sweep(page, 'replay, empty', found);
    await page.getByTestId('replay-file').setInputFiles({ name: 'rummy.json', mimeType: 'application/json', buffer: Buffer.from(botReplay('rummy', 3, {})) });
    await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
    await page.getByTestId('replay-first').click();
    await page.getByTestId('replay-forward').click();
    await page.getByTestId('replay-all-hands').check();
    await sweep(page, 'replay', found);
    await page.goto('/mahjong');
    await sweep(page, 'Mahjong landing', found);
    await page.getByTestId('mj-name-input').fill('سارة');
    await page.getByTestId('mj-new-game').click();
    await page.locator('[data-testid="mj-game"][data-stage="ready"]').waitFor();
    await sweep(page, 'Mahjong game', found);
    await page.goto('/rummy/hotseat');
    await expect(page.getByTestId('pass-and-play')).toBeVisible();
    await sweep(page, 'pass-and-play form', found);
    await startPassAndPlay(page, 'rummy', ['سارة', 'علي']);
    await sweep(page, 'pass screen', found);
    await page.getByTestId('reveal').click();
    await expect(page.getByTestId('rummy-board')).toBeVisible();
    await sweep(page, 'pass-and-play board', found);

    await createRoomAndJoin(ana, 'rummy', { clock: 'none', pace: 'quick' });
    await sweep(page, 'lobby', found);
    for (const seat of [1, 2]) await page.getByTestId(`add-bot-${seat}`).click();
    await page.getByTestId('start').click();
    await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 30_000 });
    await sweep(page, 'Rummy, draw', found);
    await page.getByTestId('draw').click();
    await expect(page.getByTestId('turn-line')).toHaveAttribute('data-phase', 'play');
    await page.getByTestId('hint').click();
    await sweep(page, 'Rummy, hint', found);
    const hand = page.locator('[data-testid^="hand-card-"]');
    for (const n of [1, 2, 3]) {
      await hand.nth(n * 3).click();
      await sweep(page, `Rummy, ${n} selected`, found);
    }
    await page.getByTestId('panel-toggle').click();
    await sweep(page, 'Rummy, move log', found);
    await page.screenshot({ path: 'e2e/artifacts/words-rummy-ar-phone.png' });
  } finally {
    await closeAll([ana]);
  }
  expect([...found].map(([screen, words]) => `${screen}:\n  ${words.join('\n  ')}`).join('\n')).toBe('');
});
