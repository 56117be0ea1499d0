import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** A person at the table: their own browser context (own localStorage), and their page. */
export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
}

export async function newPlayer(browser: Browser, name: string, viewport = { width: 1280, height: 800 }): Promise<Player> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { name, context, page };
}

type RoomOptions = { clock?: string; pace?: 'relaxed' | 'quick' };

/**
 * Creates a room from the home page by clicking; its creator is seated at once as `name` (and
 * hosts it). Returns the room's URL.
 */
export async function createRoom(page: Page, game: string, opts: RoomOptions = {}, name = 'Host'): Promise<string> {
  await page.goto('/');
  await page.getByTestId(`game-${game}`).click();
  await page.getByTestId('clock-select').selectOption(opts.clock ?? 'none');
  if (opts.pace) await page.getByTestId('pace-select').selectOption(opts.pace);
  await page.getByTestId('create-room').click();
  await seatedAsCreator(page, name);
  return page.url();
}

/**
 * After Create or "Play with friends": the name asked for (a browser's first game only) answered
 * with `name`, then the creator seated in their new room's lobby.
 */
export async function seatedAsCreator(page: Page, name: string): Promise<void> {
  const question = page.getByTestId('name-prompt-input');
  await expect(question.or(page.getByTestId('invite-link'))).toBeVisible();
  if (await question.isVisible()) {
    await question.fill(name);
    await page.getByTestId('name-prompt-play').click();
  }
  await page.waitForURL(/\/r\/[a-z0-9]{12}$/);
  await expect(page.locator('.seats li.mine')).toContainText(name);
}

/** A room made through the API, nobody seated (for tests of what a visitor meets). Returns its path. */
export async function createEmptyRoom(page: Page, game: string): Promise<string> {
  const res = await page.request.post('/api/rooms', { data: { game, options: {}, clock: null, pace: 'relaxed' } });
  expect(res.status()).toBe(201);
  return `/r/${((await res.json()) as { code: string }).code}`;
}

/** Host creates a room from the home page by clicking, seated at once. Returns the invite link. */
export async function createRoomAndJoin(host: Player, game: string, opts: RoomOptions = {}): Promise<string> {
  const { page } = host;
  await createRoom(page, game, opts, host.name);
  return page.getByTestId('invite-link').inputValue();
}

/** Open the invite link and take a seat by name. */
export async function joinByLink(player: Player, link: string): Promise<void> {
  await player.page.goto(link);
  await joinSeat(player);
}

async function joinSeat({ page, name }: Player): Promise<void> {
  await page.getByTestId('name-input').fill(name);
  await page.getByTestId('join').click();
  await expect(page.getByTestId('name-input')).toBeHidden();
}

export async function closeAll(players: Player[]): Promise<void> {
  for (const p of players) await p.context.close().catch(() => undefined);
}

/** The room state version this page has seen (the table's `data-version`). */
export async function stateVersion(page: Page): Promise<number> {
  return Number(await page.locator('main.stage').getAttribute('data-version'));
}

/** Wait until this page has seen a newer state than `version` (true), or give up after `ms` (false). */
export async function waitForNewState(page: Page, version: number, ms = 5000): Promise<boolean> {
  return page
    .waitForFunction((v) => Number(document.querySelector('main.stage')?.getAttribute('data-version')) > v, version, { timeout: ms, polling: 50 })
    .then(() => true)
    .catch(() => false);
}

/** Switches the page to a language with its toggle (forced: a busy table may be re-laying out). */
export async function setLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  if ((await page.locator('html').getAttribute('dir')) !== dir) await page.getByTestId('language-toggle').first().click({ timeout: 5000, force: true });
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

const SHOT_SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

/** Screenshots of the screen at phone and desktop size in English and Arabic (e2e/artifacts/<name>-<lang>-<size>.png). */
export async function shots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    for (const [size, viewport] of Object.entries(SHOT_SIZES)) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(250);
      await page.screenshot({ path: `e2e/artifacts/${name}-${lang}-${size}.png` });
    }
  }
  await setLanguage(page, 'en');
  if (before) await page.setViewportSize(before);
}
