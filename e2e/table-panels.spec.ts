import { expect, test, type Page } from '@playwright/test';
import { readTable, takeTurn, tapCard, waitForTable, type TableState } from './baloot-player';
import { playEightsTurn } from './eights-player';
import { closeAll, createRoomAndJoin, newPlayer, type Player } from './room-helpers';

/**
 * No clock runs under a panel that hides the table: what a newcomer reading a panel would
 * otherwise miss (the next bidder's clock, their own turn).
 */

async function roomWithBots(player: Player, game: string, bots: number[], opts: { clock: string; pace: 'quick' | 'relaxed' }): Promise<void> {
  await createRoomAndJoin(player, game, opts);
  for (const seat of bots) await player.page.getByTestId(`add-bot-${seat}`).click();
  await expect(player.page.getByTestId(`seat-${bots[bots.length - 1]}`)).toContainText(/bot/i);
  await player.page.getByTestId('start').click();
}

/** The hand card a tap at this card's centre lands on. */
async function cardAtCentre(page: Page, card: string): Promise<string | null> {
  return page.evaluate((id) => {
    const r = document.querySelector(`[data-testid="hand-card-${id}"]`)!.getBoundingClientRect();
    return (
      document
        .elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
        ?.closest('[data-card]')
        ?.getAttribute('data-card') ?? null
    );
  }, card);
}

/** At the person's first turns to play: a greyed card tapped says why, and the hinted card can be tapped at its centre. */
async function checkTurnToPlay(page: Page, t: TableState, done: { note: boolean; hint: boolean }): Promise<void> {
  const greyed = t.hand.find((c) => !c.playable);
  if (!done.note && greyed) {
    await tapCard(page, greyed.card);
    await expect(page.getByTestId('table-note')).toContainText(/You must|trump/);
    done.note = true;
  }
  if (!done.hint && t.hand.length >= 5) {
    await page.getByTestId('hint').click();
    const hinted = page.locator('[data-testid^="hand-card-"][data-hint]');
    await expect(hinted).toHaveCount(1);
    const card = (await hinted.getAttribute('data-card'))!;
    // Let the card finish rising before aiming at it.
    await page.waitForTimeout(300);
    expect(await cardAtCentre(page, card), `the hinted ${card} is on top at its centre`).toBe(card);
    done.hint = true;
  }
}

test('Baloot: a round summary left open goes when the room’s hold ends, and the next clock shows', async ({ browser }) => {
  test.setTimeout(240_000);
  const player = await newPlayer(browser, 'Reader', { width: 390, height: 844 });
  const { page } = player;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await roomWithBots(player, 'baloot', [1, 2, 3], { clock: '30', pace: 'quick' });
    let opened = false;
    const done = { note: false, hint: false };
    for (let i = 0; i < 800 && !opened; i++) {
      await waitForTable(page);
      const t = await readTable(page);
      // A round whose deal offered no greyed or no hinted card (rare) is followed by another one.
      if (t.summary && done.note && done.hint) opened = true;
      else if (t.summary) await page.getByTestId('summary-close').click();
      else {
        if (t.action === 'play' && !t.buttons.includes('declare')) await checkTurnToPlay(page, t, done);
        await takeTurn(page, { openHokum: true, acceptSawa: true }, t.action === 'play' ? await readTable(page) : t);
      }
    }
    expect(opened, 'a round summary opened').toBe(true);
    expect(done, 'a greyed card and a hinted card were tried').toEqual({ note: true, hint: true });
    // The person keeps reading: the room holds the next clock 8 s, then the summary makes way.
    await expect(page.getByTestId('round-summary')).toBeHidden({ timeout: 15_000 });
    // The table under it is in view again: the next deal's hand, and its public card while bids go on.
    await expect(page.getByTestId('hand')).toBeVisible();
  } finally {
    await closeAll([player]);
  }
});

test('Eights: the quick-reactions panel makes way when the person’s turn clock starts', async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await newPlayer(browser, 'Reactor', { width: 390, height: 844 });
  const { page } = player;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await roomWithBots(player, 'eights', [1, 2, 3], { clock: '30', pace: 'relaxed' });
    await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 20_000 });
    // A drawn card can leave the turn with the person (play it or keep it): play until it passes.
    for (let i = 0; i < 3 && (await playEightsTurn(page)); i++);
    await expect(page.getByTestId('your-turn')).toBeHidden();
    // Three bots move before the turn comes back: open the panel meanwhile.
    await page.getByTestId('reactions-toggle').click();
    await expect(page.getByTestId('reaction-panel')).toBeVisible();
    await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('reaction-panel')).toBeHidden();
  } finally {
    await closeAll([player]);
  }
});
