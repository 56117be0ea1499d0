import { expect, test } from '@playwright/test';
import { playEightsTurn } from './eights-player';
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
  test(`Eights against bots on a phone in ${locale === 'ar' ? 'Arabic' : 'English'}: the move log and the live region word every move in the reader's language`, async ({ browser }) => {
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
      await page.screenshot({ path: `e2e/artifacts/move-log-eights-${locale}-phone.png` });
    } finally {
      await closeAll([ana]);
    }
  });
}
