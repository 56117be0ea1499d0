import { expect, test, type Page } from '@playwright/test';
import { closeAll, createRoom, newPlayer, setLanguage, shots } from './room-helpers';

/**
 * The edges of the site, each a designed screen with a way forward: an unknown room, a full
 * room, a game already started, a lost connection; the language of a first visit; and where
 * keyboard focus goes after Join, Add bot and Start.
 */

/** The data-testid (or tag) of the element that has focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

const createQuickRoom = (page: Page, game: string) => createRoom(page, game, { pace: 'quick' }, 'Ana');

test('an unknown room is a page of its own: no "Room" title, no connection badge, no chat, a way home', async ({ page }) => {
  await page.goto('/r/zzzzzzzzzzzz');
  await expect(page.getByTestId('room-missing')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such room');
  await expect(page.getByTestId('room-title')).toHaveCount(0);
  await expect(page.getByTestId('connection')).toHaveCount(0);
  await expect(page.getByTestId('panel-toggle')).toHaveCount(0);
  await expect(page.locator('#side-panel')).toHaveCount(0);
  await expect(page).toHaveTitle('No such room — Cardroom');
  // Its way home is a link in the site's green, not the browser's blue (next to gold buttons it looked foreign).
  const home = page.getByTestId('room-missing').getByRole('link');
  await expect(home).toHaveCSS('color', 'rgb(24, 92, 69)');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});

test('focus moves on after Add bot and Start; a full room offers no seat and says why; a started game is watched', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ana');
  const late = await newPlayer(browser, 'Zed');
  try {
    const { page } = host;
    const url = await createQuickRoom(page, 'baloot');
    // The creator sits at once: the keyboard goes on from the first Add bot.
    await page.getByTestId('add-bot-1').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('add-bot-2');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('add-bot-3');

    // Someone arriving at a room whose seats are all taken (as soon as the last bot sits).
    await late.page.goto(url);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('start');
    // No seat is offered: the heading says it is full, with no name field or Join.
    await expect(late.page.locator('#join-title')).toHaveText('This room is full');
    await expect(late.page.getByTestId('room-full')).toContainText('This room is full');
    await expect(late.page.getByTestId('name-input')).toHaveCount(0);
    await expect(late.page.getByTestId('join')).toHaveCount(0);
    await shots(late.page, 'edge-room-full');

    // Start: the lobby goes, focus goes to the table's next control, and the late visitor watches.
    await page.keyboard.press('Enter');
    await expect(page.locator('.lobby')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await expect(late.page.getByTestId('watching')).toContainText("You're watching");
    await expect(late.page.getByTestId('watching').getByRole('link')).toHaveAttribute('href', '/');
    await shots(late.page, 'edge-watching');
  } finally {
    await closeAll([host, late]);
  }
});

test('a lost connection shows a banner with a way to try again, gone once back', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ana');
  try {
    const { page, context } = host;
    await createQuickRoom(page, 'eights');
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'open');
    // Arabic's words load on first use: fetch them while online, for the Arabic screenshots below.
    await setLanguage(page, 'ar');
    await setLanguage(page, 'en');
    await context.setOffline(true);
    await expect(page.getByTestId('connection-lost')).toBeVisible();
    await shots(page, 'edge-connection-lost');
    // Trying again while still offline keeps the banner (and the way forward) up.
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('connection-lost')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('connection-lost')).toHaveCount(0);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', /open|slow/);
  } finally {
    await closeAll([host]);
  }
});

test("a first visit follows the browser's language; a choice on the toggle wins afterwards", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA' });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByTestId('game-rummy')).toContainText('رمي بالجوكر');
    // The seat range is isolated, so right-to-left text cannot turn "2–6" into "6–2".
    await expect(page.getByTestId('game-rummy')).toContainText('\u20682–6\u2069');
    await page.getByTestId('language-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('game-rummy')).toContainText('Rummy with Jokers');
  } finally {
    await context.close();
  }
});

test('the language toggle is on the pass-and-play form and the Mahjong page, and words them in Arabic', async ({ page }) => {
  // Hot-seat Rummy's old address opens Rummy's form at its pass-and-play part.
  await page.goto('/rummy/hotseat');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('pass-and-play').locator('legend')).toHaveText('العبوا بالتناوب على هذا الجهاز');
  await expect(page.getByTestId('pass-start')).toHaveText('العبوا بالتناوب');
  await page.goto('/mahjong');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('رهان أيدي الماهجونغ');
  await expect(page.getByTestId('mj-new-game')).toHaveText('لعبة جديدة');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mahjong hand betting');
});
