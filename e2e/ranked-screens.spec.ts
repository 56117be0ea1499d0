import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CATALOG } from '../shared/games/catalog';
import { setLanguage } from './room-helpers';
import { SCREEN_SIZES, shootEverySize, type ScreenChecks } from './screen-checks';

/**
 * The ranked screens on their own, their server stubbed (HTTP with page.route, the queue's
 * socket with page.routeWebSocket): the home page's Play ranked and ban notice, the queue
 * (waiting, the bots offer after a minute, Cancel leaving, a match going to the room with its
 * ticket), the leaderboard and a profile. Each passes axe and the layout checks of
 * e2e/screen-checks.ts in English and Arabic (no English left, no sideways scrolling, 44 px
 * touch targets) and is photographed at 390×844, 844×390, 768×1024 and 1440×900 in both languages.
 * The real thing, four people and a queue, is e2e/ranked.spec.ts.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A player id as the server makes them (22 base64url characters): the page refuses to draw any other. */
const playerId = (label: string) => label.padEnd(22, '0');
const ME = { id: playerId('sara'), name: 'Sara', avatar: { initials: 'SA', colour: '#8c2f39' } };
const PEOPLE = ['Sara', 'Omar', 'Lina Al-Harbi', 'Yousef', 'Maha', 'Khalid ibn Abdulaziz the very long name', 'Noor', 'Fahad'].map((name, i) => ({
  id: playerId(`person-${i}`),
  name,
  avatar: { initials: name.slice(0, 2).toUpperCase(), colour: ['#1d7a5a', '#8c2f39', '#1456c8', '#6b2fa3'][i % 4]! },
}));
const BOARD = {
  game: 'eights',
  top: PEOPLE.map((player, i) => ({ rank: i + 1, player, rating: 31.4 - i * 1.7, games: 40 - i * 4, provisional: i >= 6 })),
  me: { rank: 1, rating: 31.4, games: 40, provisional: false },
};
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 18, 0);
const PROFILE = {
  player: ME,
  ratings: [
    {
      game: 'eights',
      rating: 31.4,
      games: 40,
      provisional: false,
      history: Array.from({ length: 12 }, (_, i) => ({ at: T0 + i * DAY, rating: 20 + i + (i % 3) * 1.5 })),
    },
    {
      game: 'baloot',
      rating: 12.2,
      games: 3,
      provisional: true,
      history: [
        { at: T0, rating: 10 },
        { at: T0 + DAY, rating: 11.5 },
        { at: T0 + 2 * DAY, rating: 12.2 },
      ],
    },
  ],
  recent: [
    { room: 'abcdefghjkmn', gameNo: 1, game: 'eights', endedAt: T0 + 5 * DAY, result: 'won', change: 14, replay: '/r/abcdefghjkmn/replay/1' },
    { room: 'bcdefghjkmnp', gameNo: 2, game: 'baloot', endedAt: T0 + 4 * DAY, result: 'lost', change: -9, replay: '/r/bcdefghjkmnp/replay/2' },
    { room: 'cdefghjkmnpq', gameNo: 1, game: 'eights', endedAt: T0 + 3 * DAY, result: 'draw', change: 0, replay: '/r/cdefghjkmnpq/replay/1' },
  ],
};

async function stubApi(page: Page, me: object = { player: ME, passkeys: 0, ban: null }, { asked = true } = {}) {
  // A player already asked for their name once (the question itself is the first test's).
  if (asked) await page.addInitScript(() => localStorage.setItem('cardroom:name-asked', '1'));
  await page.route('**/api/players/me', (r) => r.fulfill({ json: me }));
  await page.route('**/api/leaderboard/*', (r) => r.fulfill({ json: BOARD }));
  await page.route(`**/api/players/${ME.id}`, (r) => r.fulfill({ json: PROFILE }));
}

async function violations(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * axe, then at the five sizes in both languages the layout checks (e2e/screen-checks.ts: no
 * sideways scrolling, 44 px touch targets inside `scope`, `keys` on screen, no English left in
 * Arabic) and a screenshot, e2e/artifacts/ranked-<name>-<lang>-<size>.png. `reopen`: a modal
 * dialog makes the rest of the page inert (the language switch too), so it is closed, the
 * language switched, and the dialog opened again.
 */
async function checkAndShoot(page: Page, name: string, opts: ScreenChecks & { reopen?: () => Promise<void> } = {}) {
  const { reopen } = opts;
  const found: string[] = [];
  for (const lang of ['en', 'ar'] as const) {
    if (reopen) await page.keyboard.press('Escape');
    await setLanguage(page, lang);
    if (reopen) await reopen();
    found.push(...(await violations(page)).map((v) => `[${lang}] ${v}`));
    found.push(...(await shootEverySize(page, `ranked-${name}`, lang, opts)));
  }
  if (reopen) await page.keyboard.press('Escape');
  await setLanguage(page, 'en');
  if (reopen) await reopen();
  await page.setViewportSize(SCREEN_SIZES.desktop);
  expect(found, found.join('\n')).toEqual([]);
}

test('home: Play ranked on every room game card, its name question once, its tier picker, and the ban notice with its end', async ({ page }) => {
  const found: string[] = [];
  await stubApi(page, { player: ME, passkeys: 0, ban: { until: Date.now() + 3_600_000 } }, { asked: false });
  await page.goto('/');
  // Every game the catalog ranks has the button, and no other game.
  for (const game of CATALOG) await expect(page.getByTestId(`play-ranked-${game.id}`), game.id).toHaveCount(game.ranked ? 1 : 0);
  for (const game of CATALOG.filter((g) => g.ranked)) await expect(page.getByTestId(`play-ranked-${game.id}`), game.id).toBeVisible();
  await expect(page.getByTestId('ban-notice')).toContainText('You cannot play ranked games until');
  const open = () => page.getByTestId('play-ranked-baloot').click();
  await open();
  // The first ranked game asks the player's name once, prefilled with the one they have.
  await expect(page.getByTestId('name-prompt-input')).toHaveValue('Sara');
  found.push(...(await violations(page)).map((v) => `[name question] ${v}`));
  await page.screenshot({ path: 'e2e/artifacts/ranked-name-question-en-phone.png' });
  await page.getByTestId('name-prompt-play').click();
  const picker = page.getByTestId('ranked-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('ranked-tier-rabbit')).toBeChecked();
  await expect(picker).toContainText('Rocket · 5 s a turn');
  await expect(picker.getByTestId('ranked-banned')).toBeVisible();
  await expect(picker.getByTestId('ranked-find')).toBeDisabled();
  await checkAndShoot(page, 'picker-banned', { scope: '[data-testid="ranked-picker"]', keys: ['ranked-find'], reopen: open });
  expect(found).toEqual([]);
});

test('home picker: choose a tier and a table size, then the queue page', async ({ page }) => {
  await stubApi(page);
  await page.routeWebSocket(/\/api\/queue\//, () => undefined);
  await page.goto('/');
  const open = async () => {
    await page.getByTestId('play-ranked-dhappa').click();
    await page.getByTestId('ranked-tier-classic').check();
    await page.getByTestId('ranked-seats-6').check();
  };
  await open();
  await checkAndShoot(page, 'picker', { scope: '[data-testid="ranked-picker"]', keys: ['ranked-find'], reopen: open });
  await page.getByTestId('ranked-find').click();
  await expect(page).toHaveURL(/\/play\/dhappa\/classic\/6$/);
});

test('queue: waiting, the bots offer after a minute, Cancel leaves the queue', async ({ page }) => {
  await stubApi(page);
  let closed = false;
  let opened = '';
  await page.routeWebSocket(/\/api\/queue\//, (ws) => {
    opened = ws.url();
    ws.onClose(() => (closed = true));
    ws.send(JSON.stringify({ t: 'waiting', waitedMs: 12_000, waiting: 3 }));
  });
  await page.goto('/play/eights/rapid/4');
  await expect(page.getByTestId('queue-count')).toHaveText('3');
  expect(opened).toMatch(/\/api\/queue\/eights\/rapid\/4\/ws$/);
  await expect(page.getByTestId('queue-waited')).toHaveText(/^0:1[2-9]$/);
  await expect(page.getByTestId('queue-offer')).toHaveCount(0);
  await checkAndShoot(page, 'queue', { keys: ['queue-cancel', 'queue-count'], onFirstScreen: ['queue-cancel'] });
  await page.getByTestId('queue-cancel').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => closed).toBe(true);
});

test('queue: after a minute, play now with bots (unranked) or keep waiting; a match goes to the room with its ticket', async ({ page }) => {
  await stubApi(page);
  let server: { send(m: string): void } | null = null;
  await page.routeWebSocket(/\/api\/queue\//, (ws) => {
    server = ws;
    ws.send(JSON.stringify({ t: 'waiting', waitedMs: 61_000, waiting: 1 }));
  });
  await page.goto('/play/baloot/rocket/4');
  await expect(page.getByTestId('queue-offer')).toBeVisible();
  await checkAndShoot(page, 'queue-offer', { keys: ['queue-bots', 'queue-keep'] });
  await page.getByTestId('queue-keep').click();
  await expect(page.getByTestId('queue-offer')).toHaveCount(0);
  const ticket = 'T'.repeat(43);
  await page.route('**/api/rooms/abcdefghjkmn**', (r) => r.fulfill({ status: 404, json: { code: 'no_room', message: 'No such room.' } }));
  server!.send(JSON.stringify({ t: 'matched', room: 'abcdefghjkmn', ticket }));
  await expect(page).toHaveURL(new RegExp(`/r/abcdefghjkmn\\?ticket=${ticket}$`));
});

test('queue: Play now with bots opens an unranked game with bots in this browser', async ({ page }) => {
  await stubApi(page);
  await page.routeWebSocket(/\/api\/queue\//, (ws) => ws.send(JSON.stringify({ t: 'waiting', waitedMs: 65_000, waiting: 1 })));
  await page.goto('/play/eights/blitz/2');
  await page.getByTestId('queue-bots').click();
  await expect(page).toHaveURL(/\/offline\//);
  const saved = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.includes('offline'))
      .map(([, v]) => v)
      .join(''),
  );
  expect(saved).toContain('"pace":"quick"');
  expect(saved).toContain('"clock":null');
});

test('queue: a refusal is said, and an unknown queue is named', async ({ page }) => {
  await stubApi(page);
  await page.routeWebSocket(/\/api\/queue\//, (ws) => ws.send(JSON.stringify({ t: 'error', code: 'replaced' })));
  await page.goto('/play/eights/rapid/4');
  await expect(page.getByTestId('queue-refused')).toContainText('You joined this queue again in another tab');
  await checkAndShoot(page, 'queue-refused');
  await page.goto('/play/eights/turtle/9');
  await expect(page.getByTestId('queue-unknown')).toBeVisible();
});

test('leaderboard: the top players and your rank', async ({ page }) => {
  await stubApi(page);
  // You (Sara) tie on rank 1 with Omar: only your own row is marked as you.
  await page.route('**/api/leaderboard/*', (r) =>
    r.fulfill({
      json: { ...BOARD, top: BOARD.top.map((row, i) => (i === 0 ? { ...row, player: ME } : i === 1 ? { ...row, rank: 1, rating: row.rating + 1.7 } : row)) },
    }),
  );
  await page.goto('/leaderboard/eights');
  await expect(page.getByTestId('leaderboard').locator('tbody tr')).toHaveCount(PEOPLE.length);
  await expect(page.getByTestId('my-rank')).toContainText('Rank 1');
  await expect(page.locator('tbody tr[data-me]')).toHaveCount(1);
  await expect(page.locator('tbody tr[data-me]')).toContainText('Sara');
  // A long name wraps in its cell on a phone: its end (what tells players apart) stays readable.
  await page.setViewportSize(SCREEN_SIZES.phone);
  const long = page.getByTestId('leaderboard').locator('.name', { hasText: 'Khalid' });
  expect(await long.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).whiteSpace !== 'nowrap')).toBe(true);
  await checkAndShoot(page, 'leaderboard', { keys: ['leaderboard', 'my-rank'] });
  await page.getByTestId('leaderboard').getByRole('link', { name: 'Sara' }).click();
  await expect(page).toHaveURL(new RegExp(`/players/${ME.id}$`));
});

test('profile: ratings with their history charts, recent games with replays marked Deal verified', async ({ page }) => {
  await stubApi(page);
  await page.goto(`/players/${ME.id}`);
  await expect(page.getByTestId('profile-name')).toContainText('Sara');
  await expect(page.getByTestId('rating-chart')).toHaveCount(2);
  await expect(page.getByTestId('recent-games').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('recent-games')).toContainText('+14');
  await expect(page.getByTestId('recent-games').getByRole('link').first()).toHaveAttribute('href', '/r/abcdefghjkmn/replay/1');
  await checkAndShoot(page, 'profile', { keys: ['profile-name', 'recent-games'] });
});
