import { expect, test, type Page } from '@playwright/test';
import { report } from './axe';
import { isLifted, readTable, takeTurn, tapCard, waitForTable, type TableState, type TurnOptions } from './baloot-player';
import { axeAtPhone, matrix } from './every-size';
import { closeAll, createRoomAndJoin, joinByLink, newPlayer, type Player } from './room-helpers';

const PHONE = { width: 390, height: 844 };

/** Host creates a Baloot room (no clock, quick bots) by clicking, fills the other seats with bots and starts. */
async function soloWithBots(player: Player): Promise<void> {
  await createRoomAndJoin(player, 'baloot', { clock: 'none', pace: 'quick' });
  const { page } = player;
  for (const seat of [1, 2, 3]) await page.getByTestId(`add-bot-${seat}`).click();
  await expect(page.getByTestId('seat-3')).toContainText(/bot/i);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('hand')).toBeVisible();
}

/** Tapping a greyed card during one's turn neither lifts nor plays it. */
async function expectIllegalCardRefused(page: Page, t: TableState): Promise<boolean> {
  const illegal = t.hand.find((c) => !c.playable);
  if (!illegal || t.action !== 'play') return false;
  await tapCard(page, illegal.card);
  await tapCard(page, illegal.card);
  expect(await isLifted(page, illegal.card)).toBe(false);
  const after = await readTable(page);
  expect(after.hand.map((c) => c.card)).toContain(illegal.card);
  expect(after.trick).not.toContain(illegal.card);
  return true;
}

test.describe('Baloot table', () => {
  // In full motion: moves made while cards deal, fly and land (see playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });

  test('one person plays a whole match to 152 against and with three bots, by clicking; it ends on one end-of-match screen with team totals, at every size', async ({
    browser,
  }) => {
    test.setTimeout(900_000);
    const started = Date.now();
    const player = await newPlayer(browser, 'Scheherazade', PHONE);
    // The player's own reduced-motion setting: no deal animation and a shorter look at each
    // finished trick keep a dozen rounds quick (the other tests run with full motion).
    await player.page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await soloWithBots(player);
      const { page } = player;
      await expect(page.locator('.hud')).toContainText('to 152');

      let rounds = 0;
      let checkedIllegal = false;
      let last = { us: 0, them: 0 };
      const opts: TurnOptions = { acceptSawa: true };
      for (let steps = 0; steps < 5000; steps++) {
        await waitForTable(page);
        const t = await readTable(page);
        if (t.over) break;
        if (t.summary) {
          rounds++;
          // Totals only grow, and the summary agrees with the scoreboard.
          expect(t.summary.us).toBeGreaterThanOrEqual(last.us);
          expect(t.summary.them).toBeGreaterThanOrEqual(last.them);
          expect(t.scores).toEqual({ us: t.summary.us, them: t.summary.them });
          last = { us: t.summary.us, them: t.summary.them };
          await page.getByTestId('summary-close').click();
          continue;
        }
        if (!checkedIllegal && t.action === 'play' && !t.buttons.includes('declare')) {
          checkedIllegal = await expectIllegalCardRefused(page, t);
          if (checkedIllegal) continue;
        }
        await takeTurn(page, opts, t);
      }
      await expect(page.getByTestId('game-over')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('match-over.png'), fullPage: true });
      const final = (await readTable(page)).scores;
      const outcome = (await page.getByTestId('game-over').textContent()) ?? '';
      // A match ends at 152, or earlier only by a won Gahwa.
      expect(Math.max(final.us, final.them) >= 152 || /Gahwa/.test(outcome), `final ${JSON.stringify(final)}: ${outcome}`).toBe(true);
      expect(rounds).toBeGreaterThan(0);
      expect(checkedIllegal).toBe(true);

      const found = new Map<string, string[]>();
      await matrix(page, 'baloot-over', async (where) => {
        await expect(page.getByTestId('game-over')).toBeVisible();
        await axeAtPhone(page, where, found);
        // One end-of-match screen: the last round's panel does not stack under it.
        await expect.soft(page.getByTestId('round-summary'), `no second end screen at ${where}`).toBeHidden();
        // Team totals: one row per team, naming both partners.
        await expect.soft(page.getByTestId('game-over').locator('tbody tr'), `team rows at ${where}`).toHaveCount(2);
        // Both partners, joined by the reader's "and" (& in English, و in Arabic).
        await expect
          .soft(page.getByTestId('game-over').locator('tbody tr').first(), `partners named at ${where}`)
          .toContainText(/Scheherazade\u2069? ?(&|و) ?\u2068?\S/);
      });
      expect(report(found), 'the end-of-match card passes axe').toBe('');
      const note = `${rounds} rounds, us ${final.us} – them ${final.them}, ${Math.round((Date.now() - started) / 1000)} s`;
      test.info().annotations.push({ type: 'match', description: note });
      console.log(`solo match: ${note}`);
    } finally {
      await closeAll([player]);
    }
  });

  test('four people in four browsers bid and play a full round by clicking', async ({ browser }) => {
    test.setTimeout(600_000);
    const players = await Promise.all(['Ana', 'Badr', 'Cala', 'Dima'].map((n) => newPlayer(browser, n, PHONE)));
    try {
      const link = await createRoomAndJoin(players[0]!, 'baloot', { clock: 'none' });
      for (const p of players.slice(1)) await joinByLink(p, link);
      await expect(players[0]!.page.getByTestId('seat-3')).toContainText('Dima');
      await players[0]!.page.getByTestId('start').click();

      // Everyone sees five cards of their own, sits at the bottom with the partner on top, and the same public card.
      let publicCard: string | null = null;
      for (const [i, p] of players.entries()) {
        await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(5);
        await expect(p.page.getByTestId('seat-south')).toHaveAttribute('data-seat', String(i));
        await expect(p.page.getByTestId('seat-north')).toHaveAttribute('data-seat', String((i + 2) % 4));
        const t = await readTable(p.page);
        publicCard ??= t.publicCard;
        expect(t.publicCard).toBe(publicCard);
      }

      // Each plays from their own browser until their round summary opens.
      const opts: TurnOptions = { openHokum: true };
      let bubblesSeen = false;
      const summaries = await Promise.all(
        players.map(async ({ page }) => {
          for (let steps = 0; steps < 2000; steps++) {
            await waitForTable(page);
            const t = await readTable(page);
            if (t.summary) return t.summary;
            // Earlier bids show as speech bubbles at the bidders' seats when it is one's turn to bid.
            if (!bubblesSeen && t.action === 'bid') bubblesSeen = (await page.locator('[data-testid^="bubble-"]').count()) > 0;
            await takeTurn(page, opts, t);
          }
          throw new Error('no round summary');
        }),
      );

      // All four saw round 1 end with the same totals, each from their own side.
      for (const [i, s] of summaries.entries()) {
        expect(s.round).toBe(1);
        expect(s).toEqual(summaries[i % 2]);
        const next = summaries[(i + 1) % 4]!;
        expect({ us: s.us, them: s.them }).toEqual({ us: next.them, them: next.us });
      }
      expect(summaries[0]!.us + summaries[0]!.them).toBeGreaterThan(0);
      expect(bubblesSeen).toBe(true);
      // The next deal has started: five fresh cards each.
      for (const p of players) await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(5);
    } finally {
      await closeAll(players);
    }
  });

  test('a player who reloads mid-trick gets the same hand back and carries on', async ({ browser }) => {
    test.setTimeout(300_000);
    const player = await newPlayer(browser, 'Sara', PHONE);
    try {
      await soloWithBots(player);
      const { page } = player;
      // Play until it is our turn in the middle of a trick, with cards already on the table.
      let before: TableState | null = null;
      for (let steps = 0; steps < 2000 && !before; steps++) {
        await waitForTable(page);
        const t = await readTable(page);
        if (t.summary) await page.getByTestId('summary-close').click();
        else if (t.action === 'play' && !t.buttons.includes('declare') && t.trick.length >= 1 && t.hand.length >= 2) before = t;
        else await takeTurn(page, { acceptSawa: true }, t);
      }
      expect(before).not.toBeNull();

      await page.reload();
      await expect(page.getByTestId('your-turn')).toHaveAttribute('data-action', 'play');
      const after = await readTable(page);
      expect(after.seat).toBe(before!.seat);
      expect(after.hand).toEqual(before!.hand);
      expect(after.trick).toEqual(before!.trick);

      // This time from the keyboard: the hand takes focus, arrows walk it, Enter lifts, Enter plays.
      const at = after.hand.findIndex((c) => c.playable);
      const card = after.hand[at]!.card;
      await page.getByTestId(`hand-card-${after.hand[0]!.card}`).focus();
      for (let i = 0; i < at; i++) await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId(`hand-card-${card}`)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(`hand-card-${card}`)).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(`hand-card-${card}`)).toHaveCount(0);
      expect((await readTable(page)).hand).toHaveLength(before!.hand.length - 1);
      // The bots carry on after us: the trick completes and is cleared from the table.
      await expect.poll(async () => (await readTable(page)).trick.includes(card), { timeout: 20_000 }).toBe(false);
    } finally {
      await closeAll([player]);
    }
  });
});
