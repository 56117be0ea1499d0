import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { latinWords } from './latin';
import { setLanguage } from './room-helpers';

/**
 * axe-core checks shared by the specs: the accessibility spec walks every screen, and the game
 * specs that already play a game to its end check its result card there (reaching a result is
 * the slow part of a browser test, so it is done once per game, not once per check).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One axe reading of the page, once its finite animations rest: serious and critical violations, a line each. */
async function look(page: Page): Promise<string[]> {
  // Screens fade and slide in: judge colours once finite animations have come to rest. The turn
  // clock's ring steps with a short transition four times a second for as long as a turn runs: it
  // never rests, and its colours do not change as it moves.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              a.effect?.getTiming().iterations === Infinity ||
              ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.clock-ring') != null,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(async (e: Error) => {
      // Say what kept moving, so a screen that never rests is named rather than a bare timeout.
      const moving = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => {
            const el = (a.effect as KeyframeEffect | null)?.target as HTMLElement | null;
            const what = a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : 'script';
            return `${what} on ${el?.tagName.toLowerCase() ?? '?'}${el?.dataset.testid ? `[${el.dataset.testid}]` : ''}`;
          }),
      );
      throw new Error(`${e.message}\nstill running: ${[...new Set(moving)].join(', ')}`);
    });
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')} — ${v.help}`,
    );
}

/** Serious and critical violations of the page as it is now, one line each (empty when clean). */
export async function violations(page: Page): Promise<string[]> {
  const first = await look(page);
  if (first.length === 0) return first;
  // A live table (bots moving a few times a second) can change under axe while it reads the page:
  // a button caught between two states. A real violation holds on a second look; report those.
  const second = new Set(await look(page));
  return first.filter((v) => second.has(v));
}

/** Checks the screen in the language it is shown in now; in Arabic no English word may be left either. */
export async function checkNow(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  const lang = (await page.locator('html').getAttribute('dir')) === 'rtl' ? 'ar' : 'en';
  const v = await violations(page);
  if (lang === 'ar') v.push(...(await latinWords(page)).map((w) => `English left in Arabic: ${w}`));
  if (v.length) found.set(`${screen} [${lang}]`, v);
}

/** Checks the screen in English, then in Arabic, then goes back to English. */
export async function checkBoth(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    await checkNow(page, screen, found);
  }
  await setLanguage(page, 'en');
}

export function report(found: Map<string, string[]>): string {
  return [...found].map(([screen, v]) => `${screen}:\n  ${v.join('\n  ')}`).join('\n');
}
