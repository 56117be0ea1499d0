import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoProblems, SCREEN_SIZES, shootEverySize } from './screen-checks';

/**
 * Issue 21's own screens as a person opens them, at every size the site promises (390×844 and
 * 844×390 phones, a 360×740 small phone, a 768×1024 tablet, a 1440×900 desktop) in a browser set to English and to
 * Arabic (`ar-SA`: the site starts in Arabic by itself): the profile page `/me` before and after
 * a passkey keeps it, and the home page's public tables with three rooms open. Each size is
 * checked (e2e/screen-checks.ts: no sideways scrolling, touch targets of 44 px, key controls on
 * screen, no English or Latin-comma numbers in Arabic) and photographed into
 * e2e/artifacts/screens-<screen>-<lang>-<size>.png. The leaderboard, a profile and the queue
 * are photographed and checked the same way by e2e/ranked-screens.spec.ts.
 */
const LOCALES = { en: 'en-US', ar: 'ar-SA' } as const;
const LANGS = ['en', 'ar'] as const;

async function browserIn(browser: Browser, lang: 'en' | 'ar') {
  const context = await browser.newContext({ locale: LOCALES[lang], viewport: SCREEN_SIZES.phone });
  const page = await context.newPage();
  return { context, page };
}

/** The language the browser asked for is the one the page opened in, right to left for Arabic. */
async function expectOpenedIn(page: Page, lang: 'en' | 'ar') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

for (const lang of LANGS) {
  test(`the profile page in ${lang}: anonymous, then kept with a passkey, at every size`, async ({ browser }) => {
    const { context, page } = await browserIn(browser, lang);
    try {
      await page.goto('/me');
      await expectOpenedIn(page, lang);
      await expect(page.getByTestId('me-anonymous')).toBeVisible();
      const checks = { keys: ['me-name', 'me-save-name', 'me-keep', 'me-sign-in', 'language-toggle'], onFirstScreen: ['me-name', 'language-toggle'] };
      const found = await shootEverySize(page, 'screens-me', lang, checks);

      // Chromium's virtual authenticator stands in for the phone's passkey (as in players.spec.ts).
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      await page.getByTestId('me-keep').click();
      await expect(page.getByTestId('me-kept')).toBeVisible();
      await expect(page.getByTestId('me-notice')).not.toBeEmpty();
      found.push(...(await shootEverySize(page, 'screens-me-kept', lang, { ...checks, keys: [...checks.keys, 'me-kept', 'me-notice'] })));
      expectNoProblems(found);
    } finally {
      await context.close();
    }
  });
}

/**
 * A friendly room listed on the public tables, its host a socket of this test (Node's own
 * WebSocket): a room is listed while a seated person is connected, so it stays listed until
 * `close`.
 */
async function openPublicRoom(baseURL: string, game: string, host: string, language: 'en' | 'ar', clock: number | null) {
  const res = await fetch(`${baseURL}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, clock, language }),
  });
  expect(res.status).toBe(201);
  const { code } = (await res.json()) as { code: string };
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/api/rooms/${code}/ws`);
  const listed = new Promise<void>((resolve, reject) => {
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { t: string; room?: { public?: boolean }; code?: string };
      if (m.room?.public) resolve();
      if (m.t === 'error') reject(new Error(`room ${code} refused: ${m.code}`));
    };
    ws.onerror = () => reject(new Error(`room ${code}: socket failed`));
  });
  await new Promise((resolve) => (ws.onopen = resolve));
  for (const msg of [{ t: 'hello' }, { t: 'join', name: host }, { t: 'settings', public: true }]) ws.send(JSON.stringify(msg));
  await listed;
  return { code, close: () => ws.close() };
}

test('the public tables on the home page, three rooms open, at every size in both languages', async ({ browser, baseURL }) => {
  const rooms = [
    await openPublicRoom(baseURL!, 'eights', 'Rana', 'ar', 30),
    // Names as long as a seat takes (24 characters).
    await openPublicRoom(baseURL!, 'eights', 'عبد الرحمن بن فهد الشمري', 'ar', null),
    await openPublicRoom(baseURL!, 'baloot', 'Christopher Wellingtonia', 'en', 10),
  ];
  try {
    const found: string[] = [];
    for (const lang of LANGS) {
      const { context, page } = await browserIn(browser, lang);
      try {
        await page.goto('/');
        await expectOpenedIn(page, lang);
        for (const { code } of rooms) await expect(page.getByTestId(`public-room-${code}`)).toBeVisible({ timeout: 10_000 });
        const list = page.getByTestId('public-tables');
        const ready = async () => {
          await list.scrollIntoViewIfNeeded();
        };
        found.push(
          ...(await shootEverySize(page, 'screens-public', lang, {
            scope: '[data-testid="public-tables"]',
            keys: rooms.map(({ code }) => `public-join-${code}`),
            ready,
          })),
        );
      } finally {
        await context.close();
      }
    }
    expectNoProblems(found);
  } finally {
    for (const r of rooms) r.close();
  }
});

test('the game cards do not move when the public tables arrive after the first paint', async ({ browser }) => {
  for (const lang of LANGS) {
    // No service worker: it would serve the code from its cache, past the held-back route.
    const context = await browser.newContext({ locale: LOCALES[lang], serviceWorkers: 'block' });
    const page = await context.newPage();
    // The public tables' code held back for a second, as on a slow network.
    await page.route(/\/assets\/PublicTables-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    for (const size of ['phone', 'phone-small', 'desktop'] as const) {
      await page.setViewportSize(SCREEN_SIZES[size]);
      await page.goto('/');
      const card = page.locator('.game-card').first();
      await expect(card).toBeVisible();
      await expect(page.getByTestId('public-tables')).toHaveCount(0);
      const before = (await card.boundingBox())!.y;
      await expect(page.getByTestId('public-none')).toBeVisible();
      const after = (await card.boundingBox())!.y;
      // At most the width's last line of text: the space held is never more than the empty list needs.
      expect(after - before, `${lang} ${size}: the cards moved by ${after - before} px`).toBeLessThanOrEqual(size === 'phone-small' ? 17 : 1);
      expect(after - before, `${lang} ${size}: a gap was left`).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  }
});
