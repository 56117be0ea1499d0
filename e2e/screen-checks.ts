import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latinWords } from './latin';

/** Where screenshots go to be looked at again (gitignored). */
export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** The sizes the site promises for its screens: a phone held both ways, a small phone, a tablet, a desktop. */
export const SCREEN_SIZES = {
  phone: { width: 390, height: 844 },
  'phone-small': { width: 360, height: 740 },
  'phone-land': { width: 844, height: 390 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;

/** The same sizes as a list, each with its name (screenshot file names end with it). */
export const NAMED_SIZES = Object.entries(SCREEN_SIZES).map(([name, size]) => ({ name, ...size }));

/** The smallest touch target a control may have, CSS pixels each way (WCAG 2.5.5). */
export const MIN_TARGET_PX = 44;

/**
 * What a reader of this screen could not read or use, each finding naming the element:
 * - the page scrolls sideways (something wider than the screen);
 * - a control (button, link, field, select, a radio or checkbox with its label) is smaller than
 *   44×44 px; links inside a sentence are left out, as WCAG leaves them out;
 * - a control or each of `keys` (test ids) sticks out past the screen's left or right edge, and
 *   each of `onFirstScreen` is not wholly inside the screen as it opens;
 * - in Arabic: the page's direction is not right-to-left, a word in Latin letters is left
 *   (`latinWords`), or a number is written with a Latin comma (1,234: Arabic writes ١٬٢٣٤ or 1234).
 */
export interface ScreenChecks {
  /** Test ids that must be shown, within the screen's width. */
  keys?: readonly string[];
  /** Of those, the ones that must be wholly on the screen as it opens (no scrolling). */
  onFirstScreen?: readonly string[];
  /** Check the controls inside this element only (a part of a larger page); the whole page by default. */
  scope?: string;
  /** Controls left out of the size check (inside an element matching this selector): a game's own cards, fanned by design. */
  exempt?: string;
}

/** A game's cards: a hand fans or overlaps them by design, each tapped on the part that shows. */
export const GAME_CARDS = '[data-card]';

export async function screenProblems(
  page: Page,
  lang: 'en' | 'ar',
  { keys = [], onFirstScreen = [], scope = 'body', exempt = '' }: ScreenChecks = {},
): Promise<string[]> {
  const found = await page.evaluate(
    ({ keys, onFirstScreen, scope, exempt, min }) => {
      const out: string[] = [];
      const name = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${text ? ` "${text}"` : ''}`;
      };
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      const scroller = document.scrollingElement ?? document.documentElement;
      if (scroller.scrollWidth > vw + 1) out.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide on a ${vw} px screen`);
      const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !el.closest('[aria-hidden="true"], [inert]');

      const root = document.querySelector(scope);
      if (!root) out.push(`nothing matches ${scope}`);
      const controls = root?.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]') ?? [];
      for (const el of controls) {
        if (!shown(el)) continue;
        let target: HTMLElement = el;
        const type = el.getAttribute('type');
        // A radio or checkbox is tapped through its label.
        if (el.tagName === 'INPUT' && (type === 'radio' || type === 'checkbox')) target = el.closest('label') ?? el;
        // A link inside a sentence is as tall as its line: exempt, as WCAG exempts it.
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement && /^(P|LI|SPAN|SMALL|TD)$/.test(el.parentElement.tagName)) {
          const parentText = (el.parentElement.textContent ?? '').trim();
          if (parentText.length > (el.textContent ?? '').trim().length + 2) continue;
        }
        const r = target.getBoundingClientRect();
        if (exempt && el.closest(exempt)) continue;
        if (r.width < min - 0.5 || r.height < min - 0.5) out.push(`touch target ${Math.round(r.width)}×${Math.round(r.height)} px: ${name(el)}`);
        if (r.left < -1 || r.right > vw + 1) out.push(`off the screen's side (${Math.round(r.left)}…${Math.round(r.right)} of ${vw}): ${name(el)}`);
      }
      for (const id of keys) {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el || !shown(el)) {
          out.push(`missing or hidden: ${id}`);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.right > vw + 1) out.push(`off the screen's side (${Math.round(r.left)}…${Math.round(r.right)} of ${vw}): ${id}`);
        if (onFirstScreen.includes(id) && (r.top < -1 || r.bottom > vh + 1))
          out.push(`not on the first screen (${Math.round(r.top)}…${Math.round(r.bottom)} of ${vh}): ${id}`);
      }
      return out;
    },
    { keys: [...keys], onFirstScreen: [...onFirstScreen], scope, exempt, min: MIN_TARGET_PX },
  );
  if (lang === 'ar') {
    if ((await page.locator('html').getAttribute('dir')) !== 'rtl') found.push('the page is not right-to-left');
    found.push(...(await latinWords(page)).map((w) => `English left: ${w}`));
    const commas = await page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        if (/\d,\d/.test(text) && n.parentElement?.checkVisibility() && !n.parentElement.closest('bdi, input')) out.push(text.trim());
      }
      return out;
    });
    found.push(...commas.map((t) => `a number with a Latin comma: ${t}`));
  }
  return found;
}

/** Controls smaller than MIN_TARGET_PX each way, inside `scope` and not in `exempt` (the layout findings only, in any language). */
export async function smallTargets(page: Page, scope = 'body', exempt = ''): Promise<string[]> {
  return (await screenProblems(page, 'en', { scope, exempt })).filter((p) => p.startsWith('touch target'));
}

/**
 * The screen at every size: each size's problems (named by where they were seen) and a
 * screenshot, e2e/artifacts/<name>-<lang>-<size>.png. `ready` runs after each resize (a
 * screen that lays out again, a dialog to wait for).
 */
export async function shootEverySize(
  page: Page,
  name: string,
  lang: 'en' | 'ar',
  opts: ScreenChecks & { ready?: () => Promise<void> } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await opts.ready?.();
    found.push(...(await screenProblems(page, lang, opts)).map((p) => `[${name} ${lang} ${size}] ${p}`));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${lang}-${size}.png`) });
  }
  return found;
}

/** Fails with every problem listed (soft: the test goes on to its other screens). */
export function expectNoProblems(found: string[]): void {
  expect.soft(found, found.join('\n')).toEqual([]);
}
