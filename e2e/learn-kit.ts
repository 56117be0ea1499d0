import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { setLanguage } from './room-helpers';
import { NAMED_SIZES } from './screen-checks';

/** The lesson specs' shared pieces (e2e/learn.spec.ts, e2e/learn-bd.spec.ts). */

/** The folder SHOTS names gets screenshots; none without it (they cost CI seconds). */
export const SHOTS = process.env.SHOTS;

/** `learn-<name>-<lang>-<size>.png` in both languages at five sizes; then the page's size again, and `back`'s language if given. */
export async function lessonShots(page: Page, name: string, back?: 'en' | 'ar'): Promise<void> {
  if (!SHOTS) return;
  const before = page.viewportSize();
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    for (const size of NAMED_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}/learn-${name}-${lang}-${size.name}.png` });
    }
  }
  if (before) await page.setViewportSize(before);
  if (back) await setLanguage(page, back);
}

/** Serious and critical axe violations inside `selector` (none expected). */
export async function axe(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
