/**
 * Drives the Dhappa Baaji table through its buttons the way a person would, reading only the
 * DOM (data-testids and data attributes): draw, lay a pure run, discard. (The four-person game
 * plans from the frames each browser receives instead: dhappa-driver.ts.)
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { stateVersion, waitForNewState } from './room-helpers';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

export interface TableInfo {
  myTurn: boolean;
  phase: string;
  hand: { card: string; discardable: boolean }[];
  discardCount: number;
  draftRuns: number;
}

export async function readTable(page: Page): Promise<TableInfo> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-testid="dhappa-table"]');
    const pile = document.querySelector<HTMLElement>('[data-testid="discard-pile"]');
    const mine = document.querySelector<HTMLElement>('.board-mine');
    return {
      myTurn: root?.dataset.myTurn === 'true',
      phase: root?.dataset.phase ?? '',
      hand: [...document.querySelectorAll<HTMLElement>('[data-testid^="hand-card-"]')].map((b) => ({
        card: b.dataset.card!,
        discardable: b.dataset.discardable === 'true',
      })),
      discardCount: Number(pile?.dataset.count ?? 0),
      draftRuns: mine?.querySelectorAll('[data-draft="true"]').length ?? 0,
    };
  });
}

const RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

/** A pure 3-card run (one suit, consecutive 3…A) or a set of aces or 3s in three suits, from the hand. */
export function findPureMeld(cards: string[]): string[] | null {
  const naturals = cards.filter((c) => !c.startsWith('X') && c[0] !== '2');
  for (const suit of 'SHDC') {
    const bySlot = new Map<number, string>();
    for (const c of naturals) if (c[1] === suit && !bySlot.has(RANKS.indexOf(c[0]!))) bySlot.set(RANKS.indexOf(c[0]!), c);
    for (let i = 0; i + 2 < RANKS.length; i++) {
      if (bySlot.has(i) && bySlot.has(i + 1) && bySlot.has(i + 2)) return [bySlot.get(i)!, bySlot.get(i + 1)!, bySlot.get(i + 2)!];
    }
  }
  for (const rank of ['A', '3']) {
    const bySuit = new Map<string, string>();
    for (const c of naturals) if (c[0] === rank && !bySuit.has(c[1]!)) bySuit.set(c[1]!, c);
    if (bySuit.size >= 3) return [...bySuit.values()].slice(0, 3);
  }
  return null;
}

/** Where a hand card is always visible: its top-left corner (the next card may overlap the rest). */
export const CARD_CORNER = { x: 6, y: 16 };

export async function clickCard(page: Page, card: string): Promise<void> {
  const b = page.getByTestId(`hand-card-${card}`);
  await b.scrollIntoViewIfNeeded({ timeout: 3000 });
  await b.click({ timeout: 3000, position: CARD_CORNER });
}

/** Click, then wait until the page has seen a newer state (true) or give up (false). */
export async function clickAndWait(page: Page, testId: string, ms = 4000): Promise<boolean> {
  const v = await stateVersion(page);
  await page.getByTestId(testId).click({ timeout: 3000 });
  return waitForNewState(page, v, ms);
}

/** Select one card and discard it. */
export async function discardCard(page: Page, card: string): Promise<boolean> {
  const sel = page.locator('[data-testid^="hand-card-"][aria-pressed="true"]');
  for (const c of await sel.all()) await c.click({ timeout: 3000 });
  await clickCard(page, card);
  await expect(page.getByTestId(`hand-card-${card}`)).toHaveAttribute('aria-pressed', 'true', { timeout: 3000 });
  return clickAndWait(page, 'discard');
}

/** The natural discardable card worth the least to keep (any discardable card if none). */
export function plainDiscard(t: TableInfo): string | null {
  const ok = t.hand.filter((h) => h.discardable).map((h) => h.card);
  return ok.find((c) => !c.startsWith('X') && c[0] !== '2') ?? ok[0] ?? null;
}
