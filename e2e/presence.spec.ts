import { expect, test, type Page } from '@playwright/test';
import { closeAll, createRoomAndJoin, joinByLink, newPlayer, stateVersion, waitForNewState } from './room-helpers';

/** One move by clicking, if it is this page's turn: a playable plain card, else keep, else draw. */
async function playTurn(page: Page): Promise<boolean> {
  if (!(await page.getByTestId('your-turn').isVisible())) return false;
  const version = await stateVersion(page);
  await clickAMove(page);
  await waitForNewState(page, version);
  return true;
}

/** Tap something that makes a move: a playable card that is not a wild (no colour picker), else keep, else draw. */
async function clickAMove(page: Page): Promise<void> {
  const plain = page.locator('[data-testid^="card-"][data-playable="true"]:not([data-testid^="card-W"])');
  if (await page.getByTestId('last-card').isVisible()) await page.getByTestId('last-card').click();
  if ((await plain.count()) > 0) await plain.first().click();
  else if (await page.getByTestId('keep').isVisible()) await page.getByTestId('keep').click();
  else if ((await page.locator('[data-testid^="card-W"][data-playable="true"]').count()) > 0) {
    await page.locator('[data-testid^="card-W"][data-playable="true"]').first().click();
    await page.getByTestId('colour-r').click();
  } else await page.getByTestId('draw').click();
}

test('a player whose network drops: offline badge, "not sent", a bot covers the seat without a clock, and she gets it back', async ({ browser }) => {
  test.setTimeout(150_000);
  const ana = await newPlayer(browser, 'Ana');
  const ben = await newPlayer(browser, 'Ben');
  try {
    // No clock: only presence can hand Ana's turn to a bot.
    const link = await createRoomAndJoin(ana, 'eights', { pace: 'quick' });
    await joinByLink(ben, link);
    await ana.page.getByTestId('add-bot-2').click();
    await expect(ana.page.getByTestId('seat-2')).toContainText(/\S/);
    await ana.page.getByTestId('start').click();
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    // Play until it is Ana's turn (Ben clicks, the bot plays itself).
    for (let i = 0; i < 40 && !(await ana.page.getByTestId('your-turn').isVisible()); i++) {
      if (!(await playTurn(ben.page))) await ana.page.waitForTimeout(150);
    }
    await expect(ana.page.getByTestId('your-turn')).toBeVisible();
    await expect(ana.page.getByTestId('connection')).toHaveAttribute('data-status', 'open');

    // Ana's network drops.
    await ana.context.setOffline(true);
    await expect(ana.page.getByTestId('connection')).toHaveAttribute('data-status', 'offline', { timeout: 2_000 });
    const before = await stateVersion(ben.page);
    await clickAMove(ana.page);
    await expect(ana.page.getByTestId('toast')).toContainText('Not sent', { timeout: 500 });
    await ben.page.waitForTimeout(1_000);
    expect(await stateVersion(ben.page)).toBe(before);

    // Ben sees Ana's seat disconnected (her socket went silent), then a bot takes it and plays her turn.
    const anaTile = ben.page.getByTestId('opponent-0');
    await expect(anaTile).toHaveAttribute('data-presence', 'away', { timeout: 20_000 });
    const awayAt = Date.now();
    await expect(anaTile.getByTestId('bot-badge')).toBeVisible({ timeout: 25_000 });
    expect(Date.now() - awayAt).toBeGreaterThan(10_000);
    await expect.poll(() => stateVersion(ben.page), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(ben.page.getByTestId('move-log')).toContainText(/Ana\u2069? (played|drew|took|kept)/, { timeout: 10_000 });

    // Back online: Online again without a reload, the same table as Ben's, and her seat back.
    await ana.context.setOffline(false);
    await expect(ana.page.getByTestId('connection')).toHaveAttribute('data-status', /open|slow/, { timeout: 10_000 });
    await expect(ana.page.getByTestId('connection')).toHaveText('Online');
    await expect.poll(async () => (await stateVersion(ana.page)) === (await stateVersion(ben.page)), { timeout: 10_000 }).toBe(true);
    await expect(anaTile.getByTestId('bot-badge')).toBeHidden({ timeout: 10_000 });
    await expect(anaTile).toHaveAttribute('data-presence', 'online');
    await expect(ana.page.getByTestId('name-input')).toHaveCount(0);
    await expect(ana.page.getByTestId('hand')).toBeVisible();
  } finally {
    await closeAll([ana, ben]);
  }
});
