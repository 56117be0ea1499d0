import { expect, test, type Page } from '@playwright/test';
import { readTable, waitForTable } from './baloot-player';
import { playEightsTurn } from './eights-player';
import { botReplay } from './replay-file';
import { closeAll, createRoom, newPlayer, stateVersion, waitForNewState, type Player } from './room-helpers';

/**
 * Keyboard focus after every action: a player who presses Enter on a control lands on the
 * next sensible control (never on the page itself), and dialogs and result screens take
 * focus when they open. One room per game, bots in the other seats at the quick pace.
 */
test.describe.configure({ timeout: 150_000 });

/** Where focus is: the focused element's test id (or tag), and the nearest marked container. */
function focusOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body || !a.isConnected) return 'BODY';
    const own = a.dataset.testid ?? a.tagName.toLowerCase();
    const box = a.parentElement?.closest<HTMLElement>('[data-testid]')?.dataset.testid ?? '';
    return `${own} in ${box}`;
  });
}

/** Expects focus to settle on something matching `where` (a test id pattern), never on the page. */
async function expectFocus(page: Page, where: RegExp, after: string): Promise<void> {
  await expect.poll(() => focusOf(page), { message: `focus after ${after}`, timeout: 5000 }).toMatch(where);
}

/** Focuses a control and presses Enter on it, as a keyboard player does; waits for the room's answer. */
async function enter(page: Page, testid: string, wait = true): Promise<void> {
  const version = await stateVersion(page);
  await page.getByTestId(testid).focus();
  await page.keyboard.press('Enter');
  if (wait) await waitForNewState(page, version, 10_000);
}

async function roomWithBots(player: Player, game: string, bots: number): Promise<void> {
  const { page } = player;
  await createRoom(page, game, { pace: 'quick' }, player.name);
  // The creator sits at once: the keyboard starts on the first Add bot.
  await page.getByTestId('add-bot-1').focus();
  for (let s = 1; s <= bots; s++) {
    await page.keyboard.press('Enter');
    // The next empty seat's Add bot, or Start once every seat is taken.
    await expectFocus(page, new RegExp(`^(add-bot-${s + 1}|start) `), 'Add bot');
  }
  await page.getByTestId('start').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.lobby')).toHaveCount(0);
  await expect.poll(() => focusOf(page), { message: 'focus after Start' }).not.toBe('BODY');
}

/** Waits until it is this page's turn (the "Your turn" pill), or gives up after `ms`. */
async function myTurn(page: Page, ms = 20_000): Promise<boolean> {
  return page
    .getByTestId('your-turn')
    .waitFor({ state: 'visible', timeout: ms })
    .then(() => true)
    .catch(() => false);
}

test('Eights: after Draw, Keep, a wild card and playing a card focus stays on the hand or the next action; the colour question and the result card take focus', async ({
  browser,
}) => {
  const ana = await newPlayer(browser, 'Ana');
  try {
    const { page } = ana;
    await roomWithBots(ana, 'eights', 1);
    let played = 0;
    let drew = 0;
    for (let turn = 0; turn < 60 && !(await page.getByTestId('game-over').isVisible()); turn++) {
      if (!(await myTurn(page))) continue;
      const playable = page.locator('[data-testid^="card-"][data-playable="true"]');
      if ((await playable.count()) > 0) {
        const id = ((await playable.first().getAttribute('data-testid')) ?? '').slice('card-'.length);
        if (id.startsWith('W')) {
          await enter(page, `card-${id}`, false);
          // The colour question is a dialog: focus goes into it.
          await expectFocus(page, /^colour-\w+ /, 'a wild card');
          const version = await stateVersion(page);
          await page.keyboard.press('Enter');
          await waitForNewState(page, version, 10_000);
        } else {
          await enter(page, `card-${id}`);
        }
        await expectFocus(page, /^(card-|draw |keep |last-card |hand-summary|game-over)/, 'playing a card');
        played++;
      } else if (await page.getByTestId('keep').isVisible()) {
        await enter(page, 'keep');
        await expectFocus(page, /^(card-|draw |keep )/, 'Keep');
      } else {
        await enter(page, 'draw');
        await expectFocus(page, /^(card-|draw |keep )/, 'Draw');
        drew++;
      }
      if (played >= 3 && drew >= 1) break;
    }
    expect(played).toBeGreaterThan(0);
    // Play on to the end: the result card takes focus when the game ends.
    for (let i = 0; i < 400 && !(await page.getByTestId('game-over').isVisible()); i++) {
      if (!(await playEightsTurn(page))) await page.waitForTimeout(100);
    }
    await expectFocus(page, /game-over/, 'the game ends');
  } finally {
    await closeAll([ana]);
  }
});

test('Rummy: after Draw, selecting and Discard focus moves on to the hand or the next action, never the page', async ({ browser }) => {
  const ana = await newPlayer(browser, 'Ana');
  try {
    const { page } = ana;
    await roomWithBots(ana, 'rummy', 2);
    for (let turn = 0; turn < 3; turn++) {
      expect(await myTurn(page, 30_000)).toBe(true);
      await expect(page.getByTestId('turn-line')).toHaveAttribute('data-phase', 'draw');
      await enter(page, 'draw');
      await expectFocus(page, /^(hand-card-|lay-meld |discard |hint )/, 'Draw');
      // Pick a card with the keyboard, then Discard: the turn passes and focus stays in the hand.
      const card = page.locator('[data-testid^="hand-card-"]').last();
      await card.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('discard')).toBeEnabled();
      await enter(page, 'discard');
      await expectFocus(page, /^(hand-card-|draw |sort |deal-continue )/, 'Discard');
    }
  } finally {
    await closeAll([ana]);
  }
});

test('Dhappa: the discard fan takes focus and gives it back; after Draw, selecting and Discard focus moves on to the hand or the next action', async ({
  browser,
}) => {
  const ana = await newPlayer(browser, 'Ana');
  try {
    const { page } = ana;
    await roomWithBots(ana, 'dhappa', 3);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="dhappa-table"]')?.dataset.myTurn === 'true', null, {
      timeout: 30_000,
      polling: 100,
    });
    await expect(page.getByTestId('draw')).toBeEnabled();
    if (await page.getByTestId('discard-pile').isEnabled()) {
      // The discard fan is a dialog: focus goes in, and back to the pile when it is cancelled.
      await enter(page, 'discard-pile', false);
      await expectFocus(page, /^fan-depth-\d+ in pick-fan/, 'opening the discard fan');
      await enter(page, 'pick-cancel', false);
      await expectFocus(page, /^discard-pile /, 'cancelling the fan');
    }
    await enter(page, 'draw');
    await expectFocus(page, /^(hand-card-|discard |draw |pile)/, 'Draw');
    const card = page.locator('[data-testid^="hand-card-"][data-discardable="true"]').first();
    await card.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('discard')).toBeEnabled();
    await enter(page, 'discard');
    await expectFocus(page, /^(hand-card-|draw )/, 'Discard');
  } finally {
    await closeAll([ana]);
  }
});

test('Baloot: after each bid, project, Sawa step and card played focus moves on; the round summary takes focus; Sawa is offered on every play turn from trick 2', async ({
  browser,
}) => {
  const ana = await newPlayer(browser, 'Ana');
  try {
    const { page } = ana;
    await roomWithBots(ana, 'baloot', 3);
    const next = /^(hand-card-|bid-|double-|declare |sawa-|round-summary|sawa-dialog)/;
    let plays = 0;
    let sawaTried = false;
    let closedByBot = false;
    for (let step = 0; step < 200; step++) {
      await waitForTable(page);
      const t = await readTable(page);
      if (t.summary) {
        await expectFocus(page, /round-summary/, 'the round ends');
        break;
      }
      if (!t.action) continue;
      if (t.action === 'bid') {
        // Hokum on the shown suit when offered in round 1, and kept when everyone else passed (a
        // round gets played), else pass; never the Hint button, which sits in the same bar.
        const bids = t.buttons.filter((b) => b !== 'hint');
        const hokum = bids.includes('bid-hokum') && (t.bidStage === 'bid' || t.bidStage === 'switch') && !t.hokumPicker;
        const id = hokum ? 'bid-hokum' : bids.includes('bid-pass') ? 'bid-pass' : bids[0]!;
        await enter(page, id);
        await expectFocus(page, next, `the bid ${id}`);
      } else if (t.action === 'double') {
        await enter(page, 'double-no');
        await expectFocus(page, next, 'No double');
      } else if (t.action === 'sawa') {
        await expectFocus(page, /^sawa-(accept|refuse) /, 'a Sawa claim opens its question');
        await enter(page, 'sawa-refuse');
        await expectFocus(page, next, 'answering Sawa');
      } else if (t.buttons.includes('declare')) {
        await enter(page, 'declare');
        await expectFocus(page, next, 'declaring a project');
      } else {
        // RULINGS: Sawa from the second trick on: the claim is on offer on every play turn
        // once a trick is complete (the hand is down from 8), whether leading or following, until
        // a claim has been made: a bot's refused claim closes Sawa for the rest of the round.
        expect(
          t.buttons.includes('sawa-claim'),
          `Sawa offered with ${t.hand.length} cards, ${t.trick.length} on the trick, refused claim: ${t.sawaRefused}`,
        ).toBe(t.hand.length < 8 && !t.sawaRefused);
        if (t.sawaRefused && !sawaTried) closedByBot = true;
        if (t.buttons.includes('sawa-claim') && !sawaTried) {
          // Claiming Sawa asks to confirm: focus goes to the question's first answer, and back on cancel.
          sawaTried = true;
          await enter(page, 'sawa-claim', false);
          await expectFocus(page, /^sawa-confirm /, 'Sawa');
          await page.getByTestId('sawa-cancel').focus();
          await page.keyboard.press('Enter');
          await expectFocus(page, /^sawa-claim /, 'cancelling Sawa');
        }
        const card = t.hand.find((c) => c.playable)!;
        // Enter lifts the card, Enter again plays it.
        await page.getByTestId(`hand-card-${card.card}`).focus();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId(`hand-card-${card.card}`)).toHaveAttribute('aria-pressed', 'true');
        const version = await stateVersion(page);
        await page.keyboard.press('Enter');
        await waitForNewState(page, version, 10_000);
        await expectFocus(page, next, 'playing a card');
        plays++;
      }
    }
    expect(plays).toBeGreaterThan(0);
    // Only a bot claiming before this player's first chance keeps the claim untried.
    expect(sawaTried || closedByBot).toBe(true);
  } finally {
    await closeAll([ana]);
  }
});

test('Replay: focus moves into the replay once a file opens, and to Play when Back or Forward runs out of moves', async ({ page }) => {
  await page.goto('/replay');
  await page.getByTestId('replay-file').focus();
  await page.getByTestId('replay-file').setInputFiles({ name: 'rummy.json', mimeType: 'application/json', buffer: Buffer.from(botReplay('rummy', 3, {})) });
  await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
  await expectFocus(page, /^replay-play /, 'opening a replay file');
  await page.getByTestId('replay-first').focus();
  await page.keyboard.press('Enter');
  await expectFocus(page, /^replay-first /, 'First');
  await page.getByTestId('replay-forward').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('replay-step')).toContainText('Move 1 of');
  await expectFocus(page, /^replay-forward /, 'Forward');
  // Back to move 0 disables Back under the key: focus goes to Play, not the page.
  await page.getByTestId('replay-back').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('replay-step')).toContainText('Move 0 of');
  await expectFocus(page, /^replay-play /, 'Back to the first move');
  const total = Number(await page.getByTestId('replay-slider').getAttribute('max'));
  await page.getByTestId('replay-slider').fill(String(total - 1));
  await page.getByTestId('replay-forward').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('replay-step')).toContainText(`Move ${total} of`);
  await expectFocus(page, /^replay-play /, 'Forward to the last move');
});

test('Mahjong: a bet made from the keyboard comes back to the bet pressed once the round has played out, never the page', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/mahjong');
  await page.getByLabel('Player name').fill('Keys');
  await page.getByRole('button', { name: 'New Game' }).focus();
  await page.keyboard.press('Enter');
  const game = page.getByTestId('mj-game');
  await expect(game).toHaveAttribute('data-stage', 'ready');
  await expectFocus(page, /./, 'New Game');
  for (let round = 0; round < 6; round++) {
    if ((await game.getAttribute('data-stage')) === 'over') break;
    const choice = round % 2 ? 'lower' : 'higher';
    const history = await page.getByTestId('mj-outcome').getAttribute('data-round');
    await page.getByTestId(`mj-bet-${choice}`).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mj-outcome')).not.toHaveAttribute('data-round', history ?? '0', { timeout: 10_000 });
    await expect(game).toHaveAttribute('data-stage', /ready|over/, { timeout: 10_000 });
    // The buttons lock while the round plays out; focus comes back to the bet pressed, not the page.
    if ((await game.getAttribute('data-stage')) === 'ready') await expectFocus(page, new RegExp(`^mj-bet-${choice} `), `bet ${round + 1}`);
  }
});

test('Rummy pass-and-play: the pass screen and the hand take focus in turn, so a keyboard player never starts from the page', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('game-rummy').click();
  await page.getByTestId('pass-people').selectOption('2');
  await page.getByTestId('pass-name-0').fill('Ana');
  await page.getByTestId('pass-name-1').fill('Bob');
  await page.getByTestId('pass-seats').selectOption('2');
  await page.getByTestId('pass-start').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pass-screen')).toBeVisible();
  await expectFocus(page, /^reveal /, 'starting the game');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rummy-board')).toBeVisible();
  await expect.poll(() => focusOf(page), { message: 'focus after showing the hand' }).not.toBe('BODY');
  // Draw from the pile, then discard the first card: the next player's pass screen takes focus.
  await page.getByTestId('draw-pile').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusOf(page), { message: 'focus after Draw' }).not.toBe('BODY');
  await page.locator('[data-testid^="hand-card-"]').first().focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('discard').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pass-screen')).toBeVisible();
  await expectFocus(page, /^reveal /, 'ending the turn');
});
