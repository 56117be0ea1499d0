import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { playEightsTurn } from './eights-player';
import { closeAll, newPlayer, setLanguage, type Player } from './room-helpers';
import { SCREEN_SIZES } from './screen-checks';

/**
 * Issue 21's proof, one browser context per person: four people press "Play ranked" for Eights
 * and land at one table, play it to the end and see their rating changes, the leaderboard and
 * their profiles; one of them closes the tab mid-game, a bot plays the seat, and that player
 * takes the doubled loss (marked on everyone's result card).
 */
test.describe.configure({ timeout: 900_000 });
// A click on a card that the table re-deals under the pointer is tried again on the next turn, not waited on forever.
test.use({ actionTimeout: 8_000 });

// Names unique to this run: the e2e database keeps the players of earlier runs.
const RUN = Date.now().toString(36).slice(-4);
const NAMES = ['Ana', 'Ben', 'Cy', 'Dan'].map((n) => `${n} ${RUN}`);
const [ANA, BEN, CY, DAN] = NAMES as [string, string, string, string];

async function playUntilOver(players: Player[], maxMoves = 800): Promise<number> {
  let moves = 0;
  const open = () => players.filter((p) => !p.page.isClosed());
  while (moves < maxMoves) {
    let acted = false;
    for (const p of open()) {
      if (await p.page.getByTestId('game-over').isVisible()) return moves;
      if (await playEightsTurn(p.page).catch(() => false)) {
        acted = true;
        moves++;
      }
    }
    if (!acted) await open()[0]!.page.waitForTimeout(150);
  }
  return moves;
}

/** The signed change shown for a name on a page's result card ("+14" → 14, "−9" → −9). */
async function changeOf(page: Page, name: string): Promise<number> {
  const text = (await page.getByTestId('rated').locator('li').filter({ hasText: name }).getByTestId('rated-change').textContent()) ?? '';
  return Number(text.replace('\u2212', '-').replace('±', ''));
}

test('four people play ranked Eights from the queue to their rating changes, the leaderboard and their profiles; a tab closed mid-game takes the doubled loss', async ({
  browser,
}) => {
  const players = await Promise.all(NAMES.map((n) => newPlayer(browser, n)));
  const [ana, ben, cy, dan] = players as [Player, Player, Player, Player];
  try {
    // Each person is a player with a name (the cookie is the context's).
    for (const p of players) expect((await p.page.request.post('/api/players', { data: { name: p.name } })).ok()).toBe(true);

    // "Play ranked" → Eights, Rapid, four players → the queue.
    await Promise.all(
      players.map(async (p) => {
        await p.page.goto('/');
        await p.page.getByTestId('play-ranked-eights').click();
        // The first ranked game asks the one name, prefilled with the player's own.
        await expect(p.page.getByTestId('name-prompt-input')).toHaveValue(p.name);
        await p.page.getByTestId('name-prompt-play').click();
        await p.page.getByTestId('ranked-tier-rapid').check();
        await p.page.getByTestId('ranked-seats-4').check();
        await p.page.getByTestId('ranked-find').click();
        await expect(p.page).toHaveURL(/\/play\/eights\/rapid\/4$/);
      }),
    );
    // Matched: each lands at the same table, seated by the ticket (which then leaves the address).
    for (const p of players) await expect(p.page).toHaveURL(/\/r\/[a-z0-9]{12}$/, { timeout: 60_000 });
    const code = new URL(ana.page.url()).pathname.split('/')[2]!;
    for (const p of players) expect(new URL(p.page.url()).pathname).toBe(`/r/${code}`);
    for (const p of players) await expect(p.page.getByTestId('hand')).toBeVisible({ timeout: 45_000 });

    // A few moves, then Dan closes the tab: after 15 s a bot plays his seat.
    await playUntilOver(players, 6);
    await dan.page.close();
    const staying = [ana, ben, cy];
    await playUntilOver(staying);
    for (const p of staying) await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });

    // Everyone's change shows on the result card (within a second or so of the end), Dan's doubled loss marked.
    for (const p of staying) await expect(p.page.getByTestId('rated-change')).toHaveCount(4, { timeout: 5_000 });
    const card = ana.page.getByTestId('rated');
    // The game's own rule for ranked places is said under the changes (Eights: by cards left).
    await expect(card.getByTestId('ranked-rule')).toContainText('cards left');
    await expect(card.locator('li').filter({ hasText: DAN }).getByTestId('rated-penalized')).toBeVisible();
    await expect(card.getByTestId('rated-penalized')).toHaveCount(1);
    await expect(card).toContainText('provisional');
    const changes = Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, await changeOf(ana.page, n)] as const)));
    for (const n of [ANA, BEN, CY]) expect(changes[DAN]!, `Dan's doubled loss is below ${n}'s change`).toBeLessThan(changes[n]!);
    // The result card with the changes, in both languages at the five sizes, and axe clean.
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(ana.page, lang);
      const found = (
        await new AxeBuilder({ page: ana.page }).include('[data-testid="game-over"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      ).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        found.map((v) => v.id),
        lang,
      ).toEqual([]);
      for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
        await ana.page.setViewportSize(viewport);
        await ana.page.waitForTimeout(200);
        await ana.page.screenshot({ path: `e2e/artifacts/ranked-result-${lang}-${size}.png` });
      }
    }
    await setLanguage(ana.page, 'en');

    // The leaderboard: all four, and each person's own rank.
    await ben.page.getByTestId('game-over').getByRole('link', { name: 'Leaderboard' }).click();
    await expect(ben.page).toHaveURL(/\/leaderboard\/eights$/);
    const board = ben.page.getByTestId('leaderboard');
    for (const n of NAMES) await expect(board).toContainText(n);
    await expect(ben.page.getByTestId('my-rank')).toContainText(/Rank \d/);
    // Dan, back on another tab, sees his own rank, below the three who stayed (the doubled loss).
    const danPage = await dan.context.newPage();
    await danPage.goto('/leaderboard/eights');
    await expect(danPage.getByTestId('my-rank')).toContainText(/Rank \d/);
    const rows = await danPage.getByTestId('leaderboard').locator('tbody tr').allTextContents();
    const rowOf = (n: string) => rows.findIndex((r) => r.includes(n));
    for (const n of [ANA, BEN, CY]) expect(rowOf(DAN), `Dan below ${n}`).toBeGreaterThan(rowOf(n));

    // A profile: the Eights rating with its chart, and this game with its change and verified replay.
    await board.getByRole('link', { name: BEN }).click();
    await expect(ben.page.getByTestId('profile-name')).toContainText(BEN);
    await expect(ben.page.getByTestId('rating-eights')).toContainText('1 rated game');
    await expect(ben.page.getByTestId('rating-chart')).toHaveCount(1);
    const recent = ben.page.getByTestId('recent-games');
    await expect(recent.locator('li')).toHaveCount(1);
    const replay = recent.getByRole('link', { name: /Deal verified/ });
    await expect(replay).toHaveAttribute('href', `/r/${code}/replay/1`);
    await replay.click();
    await expect(ben.page).toHaveURL(new RegExp(`/r/${code}/replay/1$`));
  } finally {
    await closeAll(players);
  }
});
