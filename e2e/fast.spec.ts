import { expect, test } from '@playwright/test';
import { closeAll, newPlayer, seatedAsCreator } from './room-helpers';

/**
 * Issue 12, "Fast": an invite link opened cold gets its room's socket from the entry script
 * (web/src/stores/early-socket.ts), before the room page's code has loaded, and the room page
 * adopts it as its one connection — the same socket carries the hello, the first view and the
 * player's moves; reconnecting after a drop is the room store's own socket.
 */
test('a cold invite link opens one socket, from the entry script, that the room page then uses for moves and reconnects after a drop', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ana');
  try {
    const { context } = host;
    const first = host.page;
    await first.goto('/');
    await first.getByTestId('game-eights').click();
    await first.getByTestId('clock-select').selectOption('none');
    await first.getByTestId('create-room').click();
    await seatedAsCreator(first, 'Ana');
    const link = first.url();
    await first.close();

    // The link opened cold in a new tab: count its sockets and note when the first one opened.
    const page = await context.newPage();
    const sockets: string[] = [];
    let roomCodeLoadedAt = Infinity;
    let firstSocketAt = Infinity;
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      firstSocketAt = Math.min(firstSocketAt, Date.now());
    });
    page.on('requestfinished', (r) => {
      if (/\/assets\/room-[\w-]+\.js$/.test(r.url())) roomCodeLoadedAt = Math.min(roomCodeLoadedAt, Date.now());
    });
    // The room page's own code arrives late (a slow phone's network), the entry script does not.
    await page.route(/\/assets\/room-[\w-]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    await page.goto(link);
    // The creator is back in their seat (the token this browser keeps).
    await expect(page.locator('.seats li.mine')).toContainText('Ana');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toMatch(/\/api\/rooms\/[a-z0-9]{12}\/ws$/);
    expect(firstSocketAt).toBeLessThan(roomCodeLoadedAt);

    // The adopted socket carries moves: add a bot, start.
    await page.getByTestId('add-bot-1').click();
    await page.getByTestId('start').click();
    await expect(page.getByTestId('hand')).toBeVisible();
    expect(sockets).toHaveLength(1);

    // A dropped connection comes back on the store's reconnecting socket.
    await context.setOffline(true);
    await expect(page.getByTestId('connection-lost')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', /open|slow/);
    expect(sockets.length).toBeGreaterThan(1);
  } finally {
    await closeAll([host]);
  }
});
