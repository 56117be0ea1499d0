import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { latinWords } from './latin';
import { closeAll, createRoomAndJoin, newPlayer, setLanguage } from './room-helpers';
import { ARTIFACTS, MIN_TARGET_PX, SCREEN_SIZES } from './screen-checks';

/**
 * Bot levels: the host picks each bot's level in the lobby (kept by the room), the picker reads
 * and fits at every size in English and Arabic and passes axe; "Play now" plays at the level chosen
 * on the home page. Screenshots: e2e/artifacts/bot-levels-lobby-<lang>-<size>.png.
 */
test.describe.configure({ timeout: 90_000 });

/** Serious and critical axe violations of the page, one line each. */
async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the host picks each bot level in the lobby, and Play now plays at the level chosen on the home page', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ana', SCREEN_SIZES.phone);
  const { page } = host;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await createRoomAndJoin(host, 'eights', { clock: 'none', pace: 'quick' });
    await page.getByTestId('add-bot-1').click();
    await page.getByTestId('add-bot-2').click();
    await expect(page.getByTestId('bot-level-1')).toHaveValue('normal');
    await page.getByTestId('bot-level-1').selectOption('strong');
    await page.getByTestId('bot-level-2').selectOption('easy');
    // The room keeps them: a reload shows what it stored.
    await page.reload();
    await expect(page.getByTestId('bot-level-1')).toHaveValue('strong');
    await expect(page.getByTestId('bot-level-2')).toHaveValue('easy');

    const found: string[] = [];
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      await expect(page.getByTestId('bot-level-1').locator('option:checked')).toHaveText(lang === 'en' ? 'Strong' : 'قوي');
      found.push(...(await axe(page)).map((v) => `[${lang}] axe ${v}`));
      if (lang === 'ar') found.push(...(await latinWords(page)).map((w) => `[ar] English left: ${w}`));
      for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
        await page.setViewportSize(viewport);
        await page.getByTestId('bot-level-1').scrollIntoViewIfNeeded();
        const box = (await page.getByTestId('bot-level-1').boundingBox())!;
        if (box.height < MIN_TARGET_PX - 0.5 || box.width < MIN_TARGET_PX - 0.5)
          found.push(`[${lang} ${size}] picker ${Math.round(box.width)}×${Math.round(box.height)} px`);
        if (box.x < -1 || box.x + box.width > viewport.width + 1) found.push(`[${lang} ${size}] picker off the screen's side`);
        await page.screenshot({ path: join(ARTIFACTS, `bot-levels-lobby-${lang}-${size}.png`) });
      }
      await page.setViewportSize(SCREEN_SIZES.phone);
    }
    expect(found, found.join('\n')).toEqual([]);
    await setLanguage(page, 'en');

    // Play now, at the level the home page remembers.
    await page.goto('/');
    await page.getByTestId('home-bot-level').selectOption('easy');
    await page.screenshot({ path: join(ARTIFACTS, 'bot-levels-home-en-phone.png') });
    await page.getByTestId('play-now-eights').click();
    await expect(page).toHaveURL(/\/offline\//);
    await expect(page.getByTestId('hand')).toBeVisible();
    const id = page.url().split('/offline/')[1]!;
    const levels = async () =>
      page.evaluate((key) => {
        const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { level?: string; data?: { store: { record: { room?: string } } } } | null;
        const room = saved?.data?.store.record.room;
        const seats = room ? (JSON.parse(room) as { seats: ({ kind: string; level?: string } | null)[] }).seats : [];
        return { chosen: saved?.level, bots: seats.filter((s) => s?.kind === 'bot').map((s) => s!.level) };
      }, `cardroom:offline:${id}`);
    await expect.poll(async () => (await levels()).bots.length).toBeGreaterThan(0);
    expect(await levels()).toEqual({ chosen: 'easy', bots: ['easy', 'easy', 'easy'] });
    // The choice stays for the next visit.
    await page.goto('/');
    await expect(page.getByTestId('home-bot-level')).toHaveValue('easy');
  } finally {
    await closeAll([host]);
  }
});
