import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { checkNow } from './axe';
import { setLanguage } from './room-helpers';
import { ARTIFACTS, NAMED_SIZES } from './screen-checks';

/**
 * One screen at every size the site promises, in English and Arabic: the same page resized (no
 * new rooms per size), a screenshot of each into e2e/artifacts/layout-<name>-<lang>-<size>.png,
 * and the checks that must hold at each.
 */

/** The element's box lies inside the viewport (a pixel of rounding allowed). */
export async function expectOnScreen(page: Page, testId: string, where: string): Promise<void> {
  const el = page.getByTestId(testId).first();
  await expect(el, `${testId} visible at ${where}`).toBeVisible();
  const vp = page.viewportSize()!;
  // A screen may still settle (lazy parts loading, a scroll into view): wait briefly for it, then report.
  await expect
    .poll(
      async () => {
        const b = await el.boundingBox();
        return !!b && b.y >= -1 && b.y + b.height <= vp.height + 1 && b.x >= -1 && b.x + b.width <= vp.width + 1;
      },
      { timeout: 3_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  const box = await el.boundingBox();
  expect.soft(box, `${testId} has a box at ${where}`).not.toBeNull();
  expect.soft(box!.y, `${testId} top on screen at ${where}`).toBeGreaterThanOrEqual(-1);
  expect.soft(box!.y + box!.height, `${testId} bottom on screen at ${where}`).toBeLessThanOrEqual(vp.height + 1);
  expect.soft(box!.x, `${testId} left on screen at ${where}`).toBeGreaterThanOrEqual(-1);
  expect.soft(box!.x + box!.width, `${testId} right on screen at ${where}`).toBeLessThanOrEqual(vp.width + 1);
}

/** The same page at each size and language; `ready` waits for the screen and checks what must hold. */
export async function matrix(page: Page, name: string, ready: (where: string) => Promise<void>): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    for (const size of NAMED_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // Resize observers report in the next frame and Vue re-renders in its microtasks: two frames
      // later the layout is the new size's (no animation runs: reduced motion).
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await ready(`${name} ${lang} ${size.name}`);
      await page.screenshot({ path: join(ARTIFACTS, `layout-${name}-${lang}-${size.name}.png`) });
    }
  }
  await setLanguage(page, 'en');
}

/**
 * A result card passes axe in each language (e2e/axe.ts), judged once per language, at phone size:
 * the game behind it was played here anyway, and reaching a result is the slow part of a test.
 */
export async function axeAtPhone(page: Page, where: string, found: Map<string, string[]>): Promise<void> {
  if (where.endsWith(' phone')) await checkNow(page, where, found);
}
