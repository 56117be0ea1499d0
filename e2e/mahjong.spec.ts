import { expect, test, type Page } from '@playwright/test';
import { MahjongPlayer, ROUND_CAP, layoutBoxes, writeReport, type RoundReport } from './mahjong-player';

const SCREENSHOT_ROUNDS = new Set([1, 20, 40]);
const DECK = 136;

/** Plays until the game-over dialog appears, checking what the screen shows after every bet. */
async function playToGameOver(player: MahjongPlayer, shots: { prefix: string; rounds: Set<number> }): Promise<RoundReport[]> {
  const rounds: RoundReport[] = [];
  let wins = 0;
  let table = await player.waitUntilSettled();
  while (!table.over) {
    expect(rounds.length, 'the game should end within the round cap').toBeLessThan(ROUND_CAP);
    const { report, after } = await player.playRound(table);
    rounds.push(report);
    if (report.outcome === 'win') wins += 1;

    // The screen agrees with the rules: strict comparison, a tie loses, +1 per win.
    const won = report.bet === 'higher' ? report.dealtTotal > report.total : report.dealtTotal < report.total;
    expect(report.outcome, `round ${report.round}`).toBe(won ? 'win' : 'loss');
    expect(report.score).toBe(wins);
    // Every tile is somewhere: draw + discard + the hand make whole decks, one more per reshuffle.
    expect(report.draw + report.discard + 4, `tiles at round ${report.round}`).toBe(DECK * (1 + report.exhaustions));
    if (report.exhaustions > table.exhaustions) {
      expect(report.reshuffleToast, `toast at round ${report.round}`).toContain(`(${report.exhaustions}/3)`);
    }
    if (shots.rounds.has(report.round)) await player.screenshot(`${shots.prefix}-round-${String(report.round).padStart(3, '0')}`);
    table = after;
  }
  return rounds;
}

type LockEntry = [stage: string, higherDisabled: boolean, lowerDisabled: boolean];

/**
 * Watches the game screen (read-only): at every change of its stage, notes whether both bet
 * buttons were disabled, so no stage of a bet can slip by unchecked however busy the machine.
 */
async function watchBetButtons(page: Page): Promise<void> {
  await page.getByTestId('mj-game').evaluate((root) => {
    const buttons = ['mj-bet-higher', 'mj-bet-lower'].map((id) => root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!);
    const log: LockEntry[] = [];
    new MutationObserver((records) => {
      for (const _ of records) log.push([root.getAttribute('data-stage') ?? '', buttons[0]!.disabled, buttons[1]!.disabled]);
    }).observe(root, { attributes: true, attributeFilter: ['data-stage'] });
    root.mjBetLog = log;
  });
}

async function takeBetLog(page: Page): Promise<LockEntry[]> {
  return page.getByTestId('mj-game').evaluate((root) => root.mjBetLog.splice(0));
}

async function expectBetsLocked(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /Bet Higher/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Bet Lower/ })).toBeDisabled();
}

test.describe('Mahjong hand betting', () => {
  test('on a 390x844 phone a player clicks through a whole game to game over; the layout holds, the score is saved and can be cleared', async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // The player's own reduced-motion setting keeps 200-odd rounds quick.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = new MahjongPlayer(page);
    await player.open();
    await player.screenshot('mahjong-phone-landing');
    await player.startGame('E2E Player');
    await player.screenshot('mahjong-phone-start');
    const startedAt = new Date().toISOString();
    const first = await player.read();
    expect(first).toMatchObject({ round: 1, score: 0, draw: 132, discard: 0, exhaustions: 0 });

    const reference = await layoutBoxes(page);
    // Everything needed to play fits the phone's width, without sideways scrolling.
    for (const [name, box] of Object.entries(reference)) {
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    const rounds = await playToGameOver(player, { prefix: 'mahjong-phone', rounds: SCREENSHOT_ROUNDS });
    expect(rounds.length).toBeGreaterThan(40);
    // After every round of a whole game, nothing on the table has moved or grown.
    expect(await layoutBoxes(page), 'layout after the whole game').toEqual(reference);

    await expect(player.gameOver).toBeVisible();
    await expectBetsLocked(page);
    const finalScore = rounds.filter((round) => round.outcome === 'win').length;
    await expect(page.getByTestId('mj-final-score')).toHaveText(String(finalScore));
    await expect(page.getByTestId('mj-gameover-name')).toHaveText('E2E Player');
    await expect(page.getByTestId('mj-saved')).toContainText('Saved');
    await player.screenshot('mahjong-phone-game-over');
    const reason = (await page.getByTestId('mj-gameover').innerText()).split('\n').find((line) => /ran out|reached/.test(line));

    const reportPath = writeReport('mahjong-run.json', {
      startedAt,
      finishedAt: new Date().toISOString(),
      viewport: page.viewportSize(),
      player: 'E2E Player',
      roundsPlayed: rounds.length,
      finalScore,
      gameOverReason: reason ?? null,
      exhaustions: rounds.at(-1)?.exhaustions,
      reshuffleRounds: rounds.filter((round, i) => round.exhaustions > (rounds[i - 1]?.exhaustions ?? 0)).map((round) => round.round),
      rounds,
    });
    test.info().annotations.push({ type: 'report', description: reportPath });

    // The game replays from its own seed: same bets, same hands, same score.
    await page.getByTestId('mj-over-replay').click();
    await expect(page.getByTestId('mj-replay-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('mj-replay-verdict')).toContainText(`same score (${finalScore})`);
    await page.getByTestId('mj-replay-forward').click();
    await expect(page.getByTestId('mj-replay-step')).toHaveText(`Bet 1 of ${rounds.length}`);
    await player.screenshot('mahjong-replay');
    await page.getByTestId('mj-replay-last').click();
    await expect(page.getByTestId('mj-replay-step')).toHaveText(`Bet ${rounds.length} of ${rounds.length}`);
    await page.getByTestId('mj-replay-close').click();

    // A new game starts afresh in the same layout.
    await page.getByRole('button', { name: 'New Game' }).click();
    await expect(player.gameOver).toBeHidden();
    expect(await player.read()).toMatchObject({ round: 1, score: 0, draw: 132, discard: 0 });
    expect(await layoutBoxes(page)).toEqual(reference);

    // Back on the landing page the score is on the leaderboard.
    await page.getByRole('button', { name: 'Back to landing', exact: true }).click();
    const row = page.getByTestId('mj-leaderboard-row').first();
    await expect(page.getByTestId('mj-leaderboard-row')).toHaveCount(1);
    await expect(row).toContainText('E2E Player');
    await expect(row).toContainText(String(finalScore));
    await player.screenshot('mahjong-phone-leaderboard');
    expect(await page.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);

    // Clearing asks first; Cancel and Escape keep the scores, confirming wipes them at once.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('mj-leaderboard-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.getByTestId('mj-leaderboard-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('button', { name: 'Clear scores' }).click();
    await expect(page.getByTestId('mj-leaderboard-row')).toHaveCount(0);
    await expect(page.getByTestId('mj-leaderboard-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('mj-leaderboard-empty')).toBeVisible();
  });

  test('the layout is stable over 40 rounds: hand, total, buttons and history keep their place and size', async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const player = new MahjongPlayer(page);
    await player.open();
    await player.startGame('Steady');
    let table = (await player.playRound()).after;
    const reference = await layoutBoxes(page);
    await watchBetButtons(page);
    const history = page.getByTestId('mj-history');
    for (let round = 2; round <= 40; round++) {
      expect(table.round).toBe(round);
      // Full motion here: the buttons stay locked through the whole reveal (about 1.4 s).
      await (MahjongPlayer.choose(table.total, round) === 'higher' ? player.higher : player.lower).click();
      table = await player.waitUntilSettled(round);
      expect(await takeBetLog(page), `bet buttons through round ${round}`).toEqual([
        ['locked', true, true],
        ['revealing', true, true],
        ['applied', true, true],
        ['ready', false, false],
      ]);
      if (round % 10 === 0) {
        expect(await layoutBoxes(page), `layout after round ${round}`).toEqual(reference);
        const tiles = await player.handTiles.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top));
        expect(tiles).toHaveLength(4);
        expect(Math.max(...tiles) - Math.min(...tiles), 'the hand stays on one row').toBeLessThan(1);
      }
    }
    // History scrolls sideways inside its box; the page itself never grows wider.
    expect(await history.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
    await expect(page.getByTestId('mj-history-count')).toContainText('40 hands');
    await player.screenshot('mahjong-desktop-round-040');
    // Only the hands in view are on the page, yet every hand can be scrolled to.
    expect(await page.getByTestId('mj-history-item').count()).toBeLessThan(16);
    await expect(page.locator('[data-testid="mj-history-item"][data-round="40"]')).toBeVisible();
    await history.hover();
    await page.mouse.wheel(20_000, 0);
    await expect(page.locator('[data-testid="mj-history-item"][data-round="1"]')).toBeVisible();
    expect(await layoutBoxes(page), 'scrolling the history moves nothing else').toEqual(reference);
  });

  test('the name is required, trimmed, 2-16 letters, numbers, spaces, _ or -, and remembered', async ({ page }) => {
    const player = new MahjongPlayer(page);
    await player.open();
    const input = page.getByLabel('Player name');
    const error = page.getByTestId('mj-name-error');
    const newGame = page.getByRole('button', { name: 'New Game' });

    await input.fill('');
    await newGame.click();
    await expect(error).toHaveText('Enter your name to play.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.fill('  A ');
    await expect(error).toHaveText('Use at least 2 characters.');
    await input.fill('ThisNameIsWayTooLong');
    await expect(error).toHaveText('Use at most 16 characters.');
    await input.fill('Bad!Name');
    await expect(error).toHaveText('Use only letters, numbers, spaces, _ and -.');
    await newGame.click();
    await expect(page.getByTestId('mj-landing')).toBeVisible();

    await input.fill('  Mei_Li-2  ');
    await input.press('Enter');
    await expect(page.getByTestId('mj-game')).toBeVisible();
    await page.getByRole('button', { name: 'Back to landing', exact: true }).click();
    await expect(input).toHaveValue('Mei_Li-2');
    await page.reload();
    await expect(page.getByLabel('Player name')).toHaveValue('Mei_Li-2');
    // The name played under is the person's one name: their player's, shown at tables and on leaderboards.
    await expect
      .poll(() => page.evaluate(() => fetch('/api/players/me').then((r) => r.json() as Promise<{ player: { name: string } }>)).then((me) => me.player.name))
      .toBe('Mei_Li-2');
  });

  test('keyboard: H and L bet, Back and Resume keep the game', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = new MahjongPlayer(page);
    await player.open();
    await player.startGame('Keys');
    await page.keyboard.press('h');
    expect((await player.waitUntilSettled(1)).lastOutcome.bet).toBe('higher');
    await page.keyboard.press('l');
    expect((await player.waitUntilSettled(2)).lastOutcome.bet).toBe('lower');
    await expect(page.getByTestId('mj-history-item')).toHaveCount(2);

    // Tab reaches the bet buttons, which show a focus ring, and Enter bets.
    for (let presses = 0; presses < 12 && !(await player.higher.evaluate((node) => node.matches(':focus'))); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(player.higher).toBeFocused();
    await expect(player.higher).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mj-outcome')).toHaveAttribute('data-round', '3');

    await page.getByRole('button', { name: 'Back to landing', exact: true }).click();
    await page.getByRole('button', { name: /Resume/ }).click();
    await expect(page.getByTestId('mj-history-item')).toHaveCount(3);
    await expect(page.getByTestId('mj-history-count')).toContainText('3 hands');
  });
});
