import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CATALOG } from '../shared/games/catalog';
import { readTable, takeTurn, waitForTable } from './baloot-player';
import { closeAll, createRoomAndJoin, newPlayer, seatedAsCreator, setLanguage, stateVersion } from './room-helpers';
import { NAMED_SIZES, screenProblems, smallTargets } from './screen-checks';

/**
 * A newcomer's first minutes (issue 19): both ways to play on every game card, a room for
 * friends in one tap with a share sheet where the browser has one, a solo game that never
 * hurries or replaces its only person, and a Baloot round summary that costs no bid.
 */

/** The screen at each size in English and Arabic (no control past the screen's edge), into e2e/artifacts/newcomer-<name>-<lang>-<size>.png. */
async function shots(page: Page, name: string, check?: (where: string) => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    for (const size of NAMED_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The page's main content: the room's side panel is a drawer, off the screen until opened.
      // Polled: a busy machine may take a few frames to lay the hand's fan out at the new size.
      const outside = async () =>
        (await screenProblems(page, lang, { scope: 'main' })).filter((p) => p.startsWith('off the screen') || p.startsWith('the page scrolls'));
      await expect.poll(outside, { message: `${name} ${lang} ${size.name}: controls past the screen's edge`, timeout: 5000 }).toEqual([]);
      await check?.(`${lang} ${size.name}`);
      await page.screenshot({ path: `e2e/artifacts/newcomer-${name}-${lang}-${size.name}.png` });
    }
  }
  await setLanguage(page, 'en');
  if (before) await page.setViewportSize(before);
}

/** Serious and critical axe violations in English and in Arabic (none expected); `asIs`: the page's language only (a modal dialog leaves the language switch inert). */
async function axe(page: Page, asIs = false): Promise<string[]> {
  const found: string[] = [];
  for (const lang of asIs ? [null] : (['en', 'ar'] as const)) {
    if (lang) await setLanguage(page, lang);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    for (const v of result.violations)
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${lang ?? 'as is'} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
  if (!asIs) await setLanguage(page, 'en');
  return found;
}

/** A turn clock that runs (a ring without a deadline only marks whose turn it is). */
const running = (page: Page) => page.locator('.clock-ring[role="timer"]');

/** The element lies wholly inside the viewport. */
async function onScreen(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height + 1 && box.x + box.width <= vp.width + 1;
}

test('every game card offers Play now and Play with friends; a phone on its side sees a card with both at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  for (const g of CATALOG) {
    await expect(page.getByTestId(`play-now-${g.id}`)).toBeVisible();
    await expect(page.getByTestId(`play-friends-${g.id}`)).toHaveCount(g.where === 'room' ? 1 : 0);
  }
  const first = CATALOG.find((g) => g.where === 'room')!.id;
  await shots(page, 'home', async (where) => {
    expect(await smallTargets(page, '.games'), `${where}: the game cards' buttons`).toEqual([]);
    expect(await smallTargets(page, '.join-code'), `${where}: the join-code field and its button`).toEqual([]);
    expect(await smallTargets(page, '.games-head'), `${where}: the bots' level over the games`).toEqual([]);
    if (!where.endsWith('phone-land')) return;
    expect(await onScreen(page, `play-now-${first}`), `Play now on the first screen (${where})`).toBe(true);
    expect(await onScreen(page, `play-friends-${first}`), `Play with friends on the first screen (${where})`).toBe(true);
  });
  expect(await axe(page)).toEqual([]);
});

test('Play with friends: one tap makes a room with the usual settings and opens its invite, with Share where the browser has it', async ({ browser }) => {
  const host = await newPlayer(browser, 'Layla', { width: 390, height: 844 });
  const plain = await newPlayer(browser, 'Omar', { width: 390, height: 844 });
  // This Chromium has no share sheet: stand one in that records what it was given.
  await host.context.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void w.shared.push(data), configurable: true });
  });
  try {
    const { page } = host;
    // A first visit asks nothing about a player that is not made yet (the ban check's 401).
    const refused: string[] = [];
    page.on('response', (res) => void (res.status() === 401 && refused.push(res.url())));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // Made from an Arabic page: the room keeps its host's language for its link preview.
    await setLanguage(page, 'ar');
    await page.getByTestId('play-friends-baloot').click();
    // A new player is asked their name once, prefilled with their default one (in no language).
    await expect(page.getByTestId('name-prompt-input')).toHaveValue(/^[♠♥♦♣] \d{4}$/);
    expect(await axe(page, true)).toEqual([]);
    await page.screenshot({ path: 'e2e/artifacts/name-question-ar-phone.png' });
    await seatedAsCreator(page, 'ليلى');
    const code = page.url().split('/').pop()!;
    await expect(page.getByTestId('invite-link')).toHaveValue(page.url());
    // Seated at once and hosting: no seat form, the Start button is theirs.
    await expect(page.getByTestId('name-input')).toHaveCount(0);
    await expect(page.getByTestId('seat-0')).toContainText('ليلى');
    await expect(page.getByTestId('start')).toBeVisible();
    const info = (await (await page.request.get(`/api/rooms/${code}`)).json()) as {
      clock: number | null;
      pace: string;
      options: Record<string, unknown>;
      language: string;
    };
    expect(info).toMatchObject({ clock: CATALOG.find((g) => g.id === 'baloot')!.defaultClock, pace: 'relaxed', language: 'ar' });
    expect(info.options).toMatchObject({ target: 152 });

    const preview = await (await page.request.get(`/r/${code}`)).text();
    expect(preview).toContain('content="بلوت مع ليلى — 3 مقاعد شاغرة"');

    await setLanguage(page, 'en');
    await page.getByTestId('share-invite').click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toEqual([expect.objectContaining({ url: page.url(), text: 'Join my Baloot table on Cardroom' })]);
    await shots(page, 'invite', async (where) => {
      expect(await smallTargets(page, 'main'), `${where}: the lobby's controls`).toEqual([]);
      await expect(page.getByTestId('share-invite'), where).toBeVisible();
      await expect(page.getByTestId('copy-invite'), where).toBeVisible();
    });
    expect(await axe(page)).toEqual([]);

    // Without a share sheet the invite offers Copy and the QR code only.
    await plain.page.goto(page.url());
    await expect(plain.page.getByTestId('copy-invite')).toBeVisible();
    await expect(plain.page.getByTestId('share-invite')).toHaveCount(0);
    // A friend who sits waits for the room's creator, who hosts it.
    await plain.page.getByTestId('name-input').fill('Omar');
    await plain.page.getByTestId('join').click();
    await expect(plain.page.getByTestId('waiting-host')).toContainText('ليلى');
    expect(refused).toEqual([]);
  } finally {
    await closeAll([host, plain]);
  }
});

test('a solo game left alone for half a minute still waits for its person: no clock by default, and never a bot at their seat', async ({ browser }) => {
  test.setTimeout(180_000);
  // Two solo games at once, so the wait is waited once: "Play now" (no clock), and one where
  // the person chose a 5 s clock in the form (timeouts play for them; nobody takes their seat).
  const calm = await newPlayer(browser, 'Ana');
  const clocked = await newPlayer(browser, 'Ben');
  try {
    await calm.page.goto('/');
    await calm.page.getByTestId('play-now-eights').click();
    await expect(calm.page).toHaveURL(/\/offline\//);
    await expect(calm.page.getByTestId('your-turn')).toBeVisible({ timeout: 30_000 });
    await expect(running(calm.page)).toHaveCount(0);
    const version = await stateVersion(calm.page);

    await clocked.page.goto('/');
    await clocked.page.getByTestId('game-eights').click();
    await clocked.page.getByTestId('offline-clock-select').selectOption('5');
    await clocked.page.getByTestId('play-offline').click();
    await expect(clocked.page.getByTestId('hand')).toBeVisible();
    const clockedFrom = await stateVersion(clocked.page);

    // The room's clock runs in the page's worker on real time: there is no hook to drive it, so the
    // time is waited, long enough for the other game's 5 s clock to run out several times (twice
    // once handed the seat to a bot).
    await calm.page.waitForTimeout(30_000);

    await expect(calm.page.getByTestId('your-turn')).toBeVisible();
    await expect(calm.page.getByTestId('bot-banner')).toHaveCount(0);
    expect(await stateVersion(calm.page)).toBe(version);
    await expect(clocked.page.getByTestId('bot-banner')).toHaveCount(0);
    // Its clock did run out, again and again (twice used to hand the seat to a bot).
    expect(await stateVersion(clocked.page)).toBeGreaterThan(clockedFrom + 6);
  } finally {
    await closeAll([calm, clocked]);
  }
});

test('Baloot: the round summary is read before the next deal’s clock starts; closing it starts the bidding', async ({ browser }) => {
  test.setTimeout(300_000);
  const player = await newPlayer(browser, 'Sara', { width: 390, height: 844 });
  await player.page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const { page } = player;
    await createRoomAndJoin(player, 'baloot', { clock: '30', pace: 'quick' });
    for (const seat of [1, 2, 3]) await page.getByTestId(`add-bot-${seat}`).click();
    await expect(page.getByTestId('seat-3')).toContainText(/bot/i);
    await page.getByTestId('start').click();
    await expect(page.getByTestId('hand')).toBeVisible();
    for (let steps = 0; steps < 400; steps++) {
      await waitForTable(page);
      const t = await readTable(page);
      if (t.summary || t.over) break;
      await takeTurn(page, { openHokum: true, acceptSawa: true }, t);
    }
    await expect(page.getByTestId('round-summary')).toBeVisible();
    // The next deal lies under the summary, and nobody's clock runs: not the next bidder's, not a bot's move.
    await expect(running(page)).toHaveCount(0);
    const version = await stateVersion(page);
    await page.waitForTimeout(3000);
    expect(await stateVersion(page)).toBe(version);
    await expect(running(page)).toHaveCount(0);
    // Opaque: nothing of the table shows through it.
    expect(await page.getByTestId('round-summary').evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    await page.getByTestId('summary-close').click();
    // Closed by the only person at the table: the bidding goes on at once (well before the 8 s the room waits at most).
    await expect.poll(async () => (await stateVersion(page)) > version || (await running(page).count()) > 0, { timeout: 2500 }).toBe(true);
    // Opened again from the score bar while bots bid, it makes way when the person's turn comes
    // (the turn read and the tap in one task, so the turn cannot come in between).
    const reopenWhileWaiting = () =>
      page.evaluate(() => {
        const turn = document.querySelector<HTMLElement>('[data-testid="your-turn"]');
        if (turn && turn.offsetParent !== null) return false;
        document.querySelector<HTMLElement>('[data-testid="summary-reopen"]')!.click();
        return true;
      });
    let reopened = false;
    for (let i = 0; i < 20 && !reopened; i++) {
      reopened = await reopenWhileWaiting();
      if (!reopened) await takeTurn(page, { openHokum: true, acceptSawa: true }, await readTable(page));
    }
    expect(reopened, 'reopened while another seat was to act').toBe(true);
    await expect(page.getByTestId('round-summary')).toBeVisible();
    await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('round-summary')).toBeHidden();
    // Opened during the person's own turn it stays (they saw the turn), for the screenshots.
    await page.getByTestId('summary-reopen').click();
    await shots(page, 'baloot-summary', async (where) => expect(page.getByTestId('round-summary'), where).toBeVisible());
  } finally {
    await closeAll([player]);
  }
});
