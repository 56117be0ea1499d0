import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readTable, takeTurn, waitForTable } from './baloot-player';
import { MahjongPlayer } from './mahjong-player';
import { closeAll, createRoomAndJoin, joinByLink, newPlayer, setLanguage } from './room-helpers';
import { ARTIFACTS, SCREEN_SIZES, screenProblems, shootEverySize } from './screen-checks';

/**
 * Issue 19's words and small layouts, at 390×844, 844×390, 768×1024 and 1440×900 in English and
 * Arabic (e2e/artifacts/words-*.png): Mahjong's one name on its home card and its page, no label
 * cut off, and its home art drawn without fonts; a person answering a Sawa beside a bot decides.
 */

/** Text cut off by its box: an element whose text overflows a box that hides the overflow. */
async function clipped(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${scope} *`)) {
      // A player's name is cut on purpose, and shown whole on a tap (ShortName).
      if (!el.checkVisibility() || !el.textContent?.trim() || el.closest('svg, .short-name')) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1)
        out.push(
          `cut off (${el.scrollWidth} px of text in ${el.clientWidth} px): ${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 40)}"`,
        );
    }
    return out;
  }, scope);
}

async function axe(page: Page, include: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('Mahjong hand betting: one name on its home card and its page, its art drawn without fonts, no label cut off at any size', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  await page.goto('/');
  const card = page.locator('li.game-card', { has: page.getByTestId('game-mahjong-bet') });
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    await expect(page.getByTestId('game-mahjong-bet')).toContainText(lang === 'en' ? 'Mahjong hand betting' : 'رهان أيدي الماهجونغ');
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      await page.setViewportSize(viewport);
      await card.scrollIntoViewIfNeeded();
      found.push(...(await clipped(page, 'li.game-card')).map((c) => `[home ${lang} ${size}] ${c}`));
      await card.screenshot({ path: `${ARTIFACTS}/words-home-card-${lang}-${size}.png` });
    }
    found.push(...(await axe(page, 'ul.games')).map((v) => `[home ${lang}] ${v}`));
  }
  // The art is an <img>: its drawing holds no text to be drawn with a font the device may lack.
  const art = await page.request.get('/art/mahjong-bet.svg');
  expect(await art.text()).not.toContain('<text');

  await setLanguage(page, 'en');
  const player = new MahjongPlayer(page);
  await player.open();
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    await expect(page).toHaveTitle(lang === 'en' ? 'Mahjong hand betting — Cardroom' : 'رهان أيدي الماهجونغ — كاردروم');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Mahjong hand betting' : 'رهان أيدي الماهجونغ');
    // Its screenshots at every size: e2e/layout.spec.ts (mahjong-landing-*).
    for (const size of [390, 844] as const) {
      await page.setViewportSize(size === 390 ? { width: 390, height: 844 } : { width: 844, height: 390 });
      found.push(...(await clipped(page, 'body')).map((c) => `[landing ${lang} ${size}] ${c}`));
    }
    found.push(...(await axe(page, 'body')).map((v) => `[landing ${lang}] ${v}`));
  }
  await setLanguage(page, 'en');
  await player.startGame('Scheherazade');
  let table = await player.waitUntilSettled();
  for (let i = 0; i < 2; i++) table = (await player.playRound(table)).after;
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lang === 'en' ? 'Mahjong hand betting' : 'رهان أيدي الماهجونغ');
    found.push(...(await shootEverySize(page, 'words-mahjong', lang, { keys: ['mj-bet-higher', 'mj-bet-lower'] })));
    for (const size of [390, 844] as const) {
      await page.setViewportSize(size === 390 ? { width: 390, height: 844 } : { width: 844, height: 390 });
      await player.waitUntilSettled();
      found.push(...(await clipped(page, '[data-testid="mj-game"]')).map((c) => `[table ${lang} ${size}] ${c}`));
    }
    found.push(...(await axe(page, '[data-testid="mj-game"]')).map((v) => `[table ${lang}] ${v}`));
  }
  // Touch targets of the Mahjong page are left to its own layout work; here: words and cut-off labels.
  const words = found.filter((f) => !f.includes('touch target'));
  expect(words, words.join('\n')).toEqual([]);
});

test('Baloot: a person answering a Sawa beside a bot has the last word; the claimed hand fits the dialog at every size', async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await newPlayer(browser, 'Ana', SCREEN_SIZES.phone);
  const bo = await newPlayer(browser, 'Bo', SCREEN_SIZES.phone);
  try {
    for (const p of [ana, bo]) await p.page.emulateMedia({ reducedMotion: 'reduce' });
    const link = await createRoomAndJoin(ana, 'baloot', { clock: 'none', pace: 'quick' });
    await joinByLink(bo, link);
    for (const seat of [2, 3]) await ana.page.getByTestId(`add-bot-${seat}`).click();
    await expect(ana.page.getByTestId('seat-3')).toContainText(/bot/i);
    await ana.page.getByTestId('start').click();
    const { page } = bo;
    const found: string[] = [];
    // Two rounds, one language each: the answer window is 15 s, long enough for one language's sizes.
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      await claimSawa(ana.page, page);
      // Bo's partner, a bot, answers within a second: Bo still decides, told what the bot would say.
      await expect(page.getByTestId('sawa-partner')).toBeVisible();
      await expect(page.getByTestId('sawa-accept')).toBeEnabled();
      const axe = await new AxeBuilder({ page }).include('[data-testid="sawa-dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(...axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `[${lang}] ${v.id}`));
      for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('sawa-dialog')).toBeVisible({ timeout: 1000 });
        found.push(
          ...(
            await screenProblems(page, lang, { keys: ['sawa-accept', 'sawa-refuse'], onFirstScreen: ['sawa-dialog'], scope: '[data-testid="sawa-dialog"]' })
          ).map((f) => `[${lang} ${size}] ${f}`),
        );
        found.push(...(await overlaps(page)).map((f) => `[${lang} ${size}] ${f}`));
        await page.screenshot({ path: `${ARTIFACTS}/words-sawa-${lang}-${size}.png` });
      }
      await page.setViewportSize(SCREEN_SIZES.phone);
      await page.getByTestId('sawa-accept').click();
      // Bo's acceptance decides: the round ends on the Sawa whatever the bot said.
      await expect(page.getByTestId('round-summary')).toBeVisible();
      await expect(page.getByTestId('round-summary')).toContainText(lang === 'en' ? 'accepted a Sawa' : 'قبل الخصوم السوا');
    }
    expect(found, found.join('\n')).toEqual([]);
  } finally {
    await closeAll([ana, bo]);
  }
});

/** Both people play (bots the other seats) until Ana may claim Sawa, on her turn from the second trick on; she claims it. */
async function claimSawa(ana: Page, bo: Page): Promise<void> {
  for (let step = 0; step < 400; step++) {
    for (const page of [ana, bo]) {
      await waitForTable(page, 2000);
      const t = await readTable(page);
      if (t.summary) await page.getByTestId('summary-close').click();
      else if (page === ana && t.action === 'play' && t.buttons.includes('sawa-claim')) {
        await page.getByTestId('sawa-claim').click();
        await page.getByTestId('sawa-confirm').click();
        return;
      } else await takeTurn(page, { openHokum: true }, t);
    }
  }
  throw new Error('Ana was never offered Sawa');
}

/** The Sawa dialog's cards and buttons each inside the dialog, and the dialog clear of the hand and the score bar. */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const dialog = box(document.querySelector('[data-testid="sawa-dialog"]'));
    if (!dialog) return ['no Sawa dialog'];
    const inside = (r: DOMRect) => r.left >= dialog.left - 1 && r.right <= dialog.right + 1 && r.top >= dialog.top - 1 && r.bottom <= dialog.bottom + 1;
    for (const el of document.querySelectorAll('[data-testid="sawa-dialog"] .cards > *, [data-testid="sawa-dialog"] button'))
      if (!inside(el.getBoundingClientRect())) out.push(`sticks out of the dialog: ${el.getAttribute('data-testid') ?? el.className}`);
    for (const id of ['hand', 'score-us']) {
      const r = box(document.querySelector(`[data-testid="${id}"]`));
      if (r && r.width > 0 && r.left < dialog.right && r.right > dialog.left && r.top < dialog.bottom && r.bottom > dialog.top)
        out.push(`the dialog covers ${id}`);
    }
    return out;
  });
}
