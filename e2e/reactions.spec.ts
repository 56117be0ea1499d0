import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { closeAll, createRoomAndJoin, joinByLink, newPlayer, setLanguage, type Player } from './room-helpers';
import { ARTIFACTS, SCREEN_SIZES, expectNoProblems, screenProblems } from './screen-checks';

/**
 * Screenshots land in e2e/artifacts at phone size (CI's minutes are few), or, where SHOTS_DIR
 * says, at every size the site promises.
 */
const SHOTS = process.env.SHOTS_DIR ?? ARTIFACTS;
const SIZES: Record<string, { width: number; height: number }> = process.env.SHOTS_DIR ? SCREEN_SIZES : { phone: SCREEN_SIZES.phone };
mkdirSync(SHOTS, { recursive: true });
const PHONE = SCREEN_SIZES.phone;

/** Serious and critical axe findings inside `scope` (the picker always; every screen when shooting every size). */
async function axe(page: Page, scope: string, always = false): Promise<string[]> {
  if (!always && !process.env.SHOTS_DIR) return [];
  const result = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${scope}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The screen at each size in one language: screenshots, and what the screen checks find in `scope`. */
async function everySize(page: Page, name: string, lang: 'en' | 'ar', scope: string, keys: string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(120);
    found.push(...(await screenProblems(page, lang, { scope, keys })).map((p) => `[${name} ${lang} ${size}] ${p}`));
    await page.screenshot({ path: join(SHOTS, `${name}-${lang}-${size}.png`) });
  }
  await page.setViewportSize(PHONE);
  return found;
}

/** Sends a reaction from the top bar's picker. */
async function react(page: Page, code: string): Promise<void> {
  await page.getByTestId('reactions-toggle').click();
  await page.getByTestId(`react-${code}`).click();
  await expect(page.getByTestId('reaction-panel')).toBeHidden();
}

test('lobby seat choice and quick reactions: a guest waits for the host and moves to the host’s team; a reaction shows on its seat in Arabic until muted', async ({
  browser,
}) => {
  const players: Player[] = [];
  try {
    const ana = await newPlayer(browser, 'Ana', PHONE);
    const ben = await newPlayer(browser, 'Ben', PHONE);
    players.push(ana, ben);
    const link = await createRoomAndJoin(ana, 'baloot');
    await joinByLink(ben, link);
    const found: string[] = [];

    // A guest is told who starts, and moves across the table (seat index 2): Ana's partner, as Baloot pairs seats 0 and 2.
    const waiting = ben.page.getByTestId('waiting-host');
    await expect(waiting).toContainText('Waiting for the host');
    await expect(waiting).toContainText('Ana');
    await ben.page.getByTestId('move-2').click();
    await expect(ben.page.getByTestId('seat-2')).toHaveClass(/mine/);
    await expect(ana.page.getByTestId('seat-1')).toHaveClass(/empty/);
    await expect(ana.page.getByTestId('seat-2').locator('.team')).toHaveText(await ana.page.getByTestId('seat-0').locator('.team').innerText());
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(ben.page, lang);
      found.push(...(await everySize(ben.page, 'reactions-lobby', lang, '.seats', ['waiting-host', 'move-1'])), ...(await axe(ben.page, '.lobby')));
    }
    await expect(waiting).toContainText('بانتظار أن يبدأ المضيف');

    // (A full room's visitor is offered no seat: edges.spec.ts.)
    await ana.page.getByTestId('add-bot-1').click();
    await ana.page.getByTestId('add-bot-3').click();

    await ana.page.getByTestId('start').click();
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    await expect(ana.page.getByTestId('hand')).toBeVisible();

    // Ana's reaction on Ana's seat at Ben's table, worded in Ben's Arabic; then in English.
    // A new reaction replaces the last while that one fades out: each is found by its code.
    const onAna = (code?: string) => ben.page.locator(`.seat[data-seat="0"] [data-testid="reaction"]${code ? `[data-code="${code}"]` : ''}`);
    await react(ana.page, 'well_played');
    await expect(onAna('well_played')).toHaveText(/أحسنت اللعب!/);
    await expect(onAna('well_played')).toBeInViewport();
    found.push(
      ...(await axe(ben.page, '.seat[data-seat="0"]')),
      ...(await everySize(ben.page, 'reactions-seat', 'ar', '.seat[data-seat="0"]', ['reactions-toggle'])),
    );
    await setLanguage(ben.page, 'en');
    await react(ana.page, 'laugh');
    // Checked at once: a reaction shows for 4 s, and a loaded machine can spend that on a size check.
    await expect(onAna('laugh')).toContainText('😂');
    await expect(onAna('laugh')).toBeInViewport();

    // The picker in both languages; Ben hides Ana's reactions (remembered for the room) and the next one never shows.
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(ben.page, lang);
      await ben.page.getByTestId('reactions-toggle').click();
      found.push(
        ...(await everySize(ben.page, 'reactions-picker', lang, '[data-testid="reaction-panel"]')),
        ...(await axe(ben.page, '[data-testid="reaction-panel"]', lang === 'ar')),
      );
      if (lang === 'en') await ben.page.getByTestId('reactions-close').click();
    }
    await ben.page.getByTestId('mute-reactions-0').check();
    await ben.page.keyboard.press('Escape');
    await expect(onAna()).toHaveCount(0);
    await react(ana.page, 'hurry');
    // Sent and shown on Ana's own seat; Ben's table stays quiet.
    // By its code: Ana's own last reaction may still be fading out beside it.
    await expect(ana.page.locator('.seat[data-seat="0"] [data-testid="reaction"][data-code="hurry"]')).toBeVisible();
    await ben.page.waitForTimeout(800);
    await expect(onAna()).toHaveCount(0);
    await ben.page.reload();
    await expect(ben.page.getByTestId('hand')).toBeVisible();
    await ben.page.getByTestId('reactions-toggle').click();
    await expect(ben.page.getByTestId('mute-reactions-0')).toBeChecked();
    expectNoProblems(found);
  } finally {
    await closeAll(players);
  }
});
