import { expect, test } from '@playwright/test';
import { closeAll, createRoomAndJoin, joinByLink, seatedAsCreator, newPlayer, stateVersion, waitForNewState, type Player } from './room-helpers';
import { playEightsTurn } from './eights-player';

/** Everyone plays by clicking until `done` holds (or the game ends). */
async function playUntil(players: Player[], done: () => Promise<boolean>, maxMoves = 800): Promise<number> {
  let moves = 0;
  while (moves < maxMoves && !(await done())) {
    let acted = false;
    for (const p of players) {
      if (p.page.isClosed()) continue;
      if (await p.page.getByTestId('game-over').isVisible()) return moves;
      if (await playEightsTurn(p.page)) {
        acted = true;
        moves++;
      }
    }
    if (!acted) await players[0]!.page.waitForTimeout(150);
  }
  return moves;
}

test('three people join through the invite link and play Eights to a winner by clicking', async ({ browser }) => {
  // A game's length is the deal's (a +20 wild can double it) and three browsers check and click
  // every turn: 30 s alone, but a long game on a loaded CI machine ran past 180 s (about 2.5 s a move).
  test.setTimeout(360_000);
  const players = await Promise.all(['Ana', 'Ben', 'Cy'].map((n) => newPlayer(browser, n)));
  const [ana, ben, cy] = players as [Player, Player, Player];
  try {
    const link = await createRoomAndJoin(ana, 'eights');
    await joinByLink(ben, link);
    await joinByLink(cy, link);
    await expect(ana.page.getByTestId('seat-2')).toContainText('Cy');
    await ana.page.getByTestId('start').click();
    for (const p of players) await expect(p.page.getByTestId('hand')).toBeVisible();
    // Chat reaches the others, shown as text.
    await ana.page.getByTestId('tab-chat').click();
    await ana.page.getByTestId('chat-input').fill('<b>good luck</b>');
    await ana.page.getByTestId('chat-send').click();
    await ben.page.getByTestId('tab-chat').click();
    await expect(ben.page.getByTestId('chat-log')).toContainText('Ana: <b>good luck</b>');
    await ben.page.getByTestId('tab-log').click();
    await ana.page.getByTestId('tab-log').click();
    // Each person sees seven cards of their own and no one else's.
    for (const p of players) await expect(p.page.locator('[data-testid^="card-"]')).toHaveCount(7);

    const moves = await playUntil(players, async () => ana.page.getByTestId('game-over').isVisible());
    for (const p of players) await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 20_000 });
    const title = await ana.page.getByTestId('game-over').locator('h2').textContent();
    // The winner reads "You won!", the others "<name> won!", the name isolated (U+2068…2069) so
    // right-to-left text never flips it.
    expect(title).toMatch(/^((\u2068(Ana|Ben|Cy)\u2069) won!|You won!)$/);
    expect(moves).toBeGreaterThan(3);
    await ana.page.screenshot({ path: 'e2e/artifacts/eights-game-over.png' });
    // Play again keeps the room, the seats and the running totals.
    await ana.page.getByTestId('play-again').click();
    for (const p of players) await expect(p.page.locator('[data-testid^="card-"]')).toHaveCount(7);
  } finally {
    await closeAll(players);
  }
});

test('a player who closes the page is covered by a bot and gets the seat and hand back from the link', async ({ browser }) => {
  const ana = await newPlayer(browser, 'Ana');
  const ben = await newPlayer(browser, 'Ben', { width: 390, height: 844 });
  try {
    const link = await createRoomAndJoin(ana, 'eights', { pace: 'quick' });
    await joinByLink(ben, link);
    await ana.page.getByTestId('add-bot-2').click();
    await expect(ana.page.getByTestId('seat-2')).toContainText(/\S/);
    await ana.page.getByTestId('start').click();
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    await playUntil([ana, ben], async () => true, 0);

    // Ben closes the page mid-game.
    await ben.page.close();
    const benTile = ana.page.getByTestId('opponent-1');
    await expect(benTile.getByTestId('bot-badge')).toBeVisible({ timeout: 25_000 });
    // The bot plays Ben's seat while Ana keeps playing, until the turn is Ana's again: the table then
    // waits for her (no clock), so nothing moves while Ben comes back. The game cannot end first: the
    // bot covers Ben within his first turn, before anyone has played seven cards.
    // The log isolates names (U+2068 … U+2069) so that right-to-left text never flips them.
    const benMoved = async () => /\u2068?Ben\u2069? (played|drew|took|kept)/.test((await ana.page.getByTestId('move-log').textContent()) ?? '');
    await playUntil([ana], async () => (await benMoved()) && (await ana.page.getByTestId('your-turn').isVisible()), 60);
    expect(await benMoved(), "the bot played Ben's seat").toBe(true);
    await expect(ana.page.getByTestId('game-over')).toBeHidden();
    await expect(ana.page.getByTestId('your-turn')).toBeVisible();
    const version = await stateVersion(ana.page);

    // Ben opens the invite link again on the same device: back in his seat, with his hand.
    ben.page = await ben.context.newPage();
    await ben.page.goto(link);
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    await expect(ben.page.getByTestId('name-input')).toHaveCount(0);
    await expect(benTile.getByTestId('bot-badge')).toBeHidden({ timeout: 10_000 });
    const seen = Number(await benTile.getByTestId('seat-cards').textContent());
    await expect(ben.page.locator('[data-testid^="card-"]')).toHaveCount(seen);
    // The same table, still Ana's turn: no move was made while Ben came back.
    expect(await stateVersion(ben.page)).toBe(version);
    expect(await stateVersion(ana.page)).toBe(version);
    await expect(ben.page.getByTestId('your-turn')).toBeHidden();
    await ben.page.screenshot({ path: 'e2e/artifacts/eights-back-in-seat-phone.png' });
    const width = await ben.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  } finally {
    await closeAll([ana, ben]);
  }
});

test('a 40-card hand stays playable on a 390x844 phone: every card reachable, the page never widens', async ({ browser }) => {
  const ana = await newPlayer(browser, 'Ana', { width: 390, height: 844 });
  const ben = await newPlayer(browser, 'Ben');
  try {
    await ana.page.goto('/');
    await ana.page.getByTestId('game-eights').click();
    // The endless deck never runs out, so drawing can grow a hand without limit.
    await ana.page.getByLabel('Endless deck').check();
    await ana.page.getByTestId('clock-select').selectOption('none');
    await ana.page.getByTestId('create-room').click();
    await seatedAsCreator(ana.page, 'Ana');
    const link = await ana.page.getByTestId('invite-link').inputValue();
    await joinByLink(ben, link);
    await ana.page.getByTestId('start').click();
    await expect(ana.page.getByTestId('hand')).toBeVisible();

    // Ana only ever draws (keeping what she draws); Ben does the same until Ana holds 40.
    const handSize = () => ana.page.locator('[data-testid^="card-"]').count();
    for (let i = 0; i < 400 && (await handSize()) < 40; i++) {
      for (const p of [ana, ben]) {
        if (!(await p.page.getByTestId('your-turn').isVisible())) continue;
        const version = await stateVersion(p.page);
        const keep = p.page.getByTestId('keep');
        if (await keep.isVisible()) await keep.click();
        else await p.page.getByTestId('draw').click();
        await waitForNewState(p.page, version);
      }
    }
    expect(await handSize()).toBeGreaterThanOrEqual(40);
    await ana.page.screenshot({ path: 'e2e/artifacts/eights-40-cards-phone.png' });

    expect(await ana.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every card can be brought into view inside the hand area and is then on screen.
    const cards = ana.page.locator('[data-testid^="card-"]');
    const n = await cards.count();
    for (let i = 0; i < n; i++) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      const box = await card.boundingBox();
      expect(box, `card ${i} has a box`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(-1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(391);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + Math.min(box!.height, 40)).toBeLessThanOrEqual(844);
    }
    // And a card can still be played from the big hand when it is Ana's turn (Ben draws meanwhile).
    for (let i = 0; i < 25 && !(await ana.page.getByTestId('your-turn').isVisible()); i++) {
      if (!(await ben.page.getByTestId('your-turn').isVisible())) {
        await ana.page.waitForTimeout(200);
        continue;
      }
      const version = await stateVersion(ben.page);
      const keep = ben.page.getByTestId('keep');
      if (await keep.isVisible()) await keep.click();
      else await ben.page.getByTestId('draw').click();
      await waitForNewState(ben.page, version);
    }
    await expect(ana.page.getByTestId('your-turn')).toBeVisible({ timeout: 10_000 });
    const playable = ana.page.locator('[data-testid^="card-"][data-playable="true"]');
    if ((await playable.count()) > 0) {
      const before = await handSize();
      const id = ((await playable.last().getAttribute('data-testid')) ?? '').slice('card-'.length);
      await playable.last().click();
      if (id.startsWith('W')) {
        await expect(ana.page.getByTestId('colour-picker')).toBeInViewport();
        await ana.page.getByTestId('colour-b').click();
      }
      await expect.poll(handSize).toBe(before - 1);
    }
  } finally {
    await closeAll([ana, ben]);
  }
});

test('after a network blip the view catches up without a reload', async ({ browser }) => {
  const ana = await newPlayer(browser, 'Ana');
  const ben = await newPlayer(browser, 'Ben');
  try {
    const link = await createRoomAndJoin(ana, 'eights');
    await joinByLink(ben, link);
    await ana.page.getByTestId('start').click();
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    // Play until it is Ben's turn.
    for (let i = 0; i < 20 && !(await ben.page.getByTestId('your-turn').isVisible()); i++) {
      if (!(await playEightsTurn(ana.page))) await ana.page.waitForTimeout(100);
    }
    await expect(ben.page.getByTestId('your-turn')).toBeVisible();

    // Ana's network drops; Ben plays meanwhile; the network comes back.
    await ana.context.setOffline(true);
    await playEightsTurn(ben.page);
    await ben.page.waitForTimeout(1500);
    await ana.context.setOffline(false);

    // Without reloading, Ana sees the table exactly as Ben does.
    const benVersion = await stateVersion(ben.page);
    await expect.poll(() => stateVersion(ana.page), { timeout: 20_000 }).toBeGreaterThanOrEqual(benVersion);
    await expect(ana.page.getByTestId('discard-top')).toHaveAttribute('data-card', (await ben.page.getByTestId('discard-top').getAttribute('data-card'))!);
    const benCards = await ben.page.locator('[data-testid^="card-"]').count();
    await expect(ana.page.getByTestId('opponent-1').getByTestId('seat-cards')).toHaveText(String(benCards));
    await expect(ana.page.getByTestId('connection')).toHaveText('Online');
  } finally {
    await closeAll([ana, ben]);
  }
});
