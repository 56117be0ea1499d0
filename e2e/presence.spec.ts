import { expect, test, type Page } from '@playwright/test';
import { closeAll, createEmptyRoom, createRoomAndJoin, joinByLink, newPlayer, setLanguage, shots, stateVersion, waitForNewState } from './room-helpers';

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

test('a room crowded with connections: the page says why, does not retry in a loop, and Try again gets in once there is room', async ({ browser, baseURL }) => {
  const { default: WebSocket } = await import('ws');
  const ana = await newPlayer(browser, 'Ana');
  const crowd: InstanceType<typeof WebSocket>[] = [];
  try {
    // Nobody seated (a seated person's socket gets past the cap): made through the API.
    await ana.page.goto('/');
    const url = await createEmptyRoom(ana.page, 'baloot');
    const code = url.split('/').at(-1)!;
    // Fill the lobby to its socket cap (2 × 4 seats + 24) from outside the browser.
    const wsUrl = `${baseURL!.replace(/^http/, 'ws')}/api/rooms/${code}/ws`;
    for (let i = 0; i < 32; i++) {
      const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (d) => JSON.parse(String(d)).t === 'full' && resolve());
        ws.on('open', () => ws.send(JSON.stringify({ t: 'hello' })));
        ws.on('error', reject);
      });
      crowd.push(ws);
    }
    let attempts = 0;
    ana.page.on('websocket', () => attempts++);
    await ana.page.goto(url);
    await expect(ana.page.getByTestId('connection-refused')).toContainText('too many connections');
    const seen = attempts;
    expect(seen).toBeGreaterThan(0);
    await ana.page.waitForTimeout(5_000);
    expect(attempts, 'no reconnecting in a loop').toBe(seen);
    await expect(ana.page.getByTestId('connection-refused')).toBeVisible();
    // The sentence and its button agree: wait a moment, then "Try again" (not "later" above "now").
    await expect(ana.page.getByTestId('connection-refused')).toContainText('wait a moment, then try again');
    await expect(ana.page.getByTestId('retry')).toHaveText('Try again');
    await shots(ana.page, 'room-crowded');
    await setLanguage(ana.page, 'en');
    // Room frees up; the person tries again and is in.
    for (const ws of crowd.splice(0, 4)) ws.close();
    await ana.page.waitForTimeout(300);
    await ana.page.getByTestId('retry').click();
    await expect(ana.page.getByTestId('name-input')).toBeVisible();
    await expect(ana.page.getByTestId('connection-refused')).toBeHidden();
  } finally {
    for (const ws of crowd) ws.close();
    await closeAll([ana]);
  }
});
