/**
 * Drives the Dhappa Baaji table through its buttons the way a person would, reading only the
 * DOM (data-testids and data attributes): draw or pick, lay a pure run, undo, discard.
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
  picks: number[];
  discardCount: number;
  removed: number;
  myRuns: number;
  draftRuns: number;
  opened: boolean;
  /** Own team's runs and the faces their jokers stand for. */
  jokers: { run: string; faces: string[] }[];
  /** Own team's melds as shown: each card's face (a wild's stand-in), in order. */
  runs: { run: string; kind: string; faces: string[] }[];
}

export async function readTable(page: Page): Promise<TableInfo> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-testid="dhappa-table"]');
    const pile = document.querySelector<HTMLElement>('[data-testid="discard-pile"]');
    const mine = document.querySelector<HTMLElement>('.board-mine');
    return {
      myTurn: root?.dataset.myTurn === 'true',
      phase: root?.dataset.phase ?? '',
      hand: [...document.querySelectorAll<HTMLElement>('[data-testid^="hand-card-"]')].map((b) => ({ card: b.dataset.card!, discardable: b.dataset.discardable === 'true' })),
      picks: (pile?.dataset.picks ?? '').split(',').filter(Boolean).map(Number),
      discardCount: Number(pile?.dataset.count ?? 0),
      removed: Number(document.querySelector<HTMLElement>('[data-testid="removed-count"]')?.dataset.count ?? 0),
      myRuns: mine?.querySelectorAll('[data-run]').length ?? 0,
      draftRuns: mine?.querySelectorAll('[data-draft="true"]').length ?? 0,
      opened: root?.dataset.opened === 'true',
      jokers: [...(mine?.querySelectorAll<HTMLElement>('[data-run]') ?? [])].map((r) => ({ run: r.dataset.run!, faces: (r.dataset.jokers ?? '').split(' ').filter(Boolean) })),
      runs: [...(mine?.querySelectorAll<HTMLElement>('[data-run]') ?? [])].map((r) => ({ run: r.dataset.run!, kind: r.dataset.kind ?? '', faces: (r.dataset.faces ?? '').split(' ').filter(Boolean) })),
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

/** The face one place beyond a run's end, where a wild added to it goes (high end when there is room). */
export function faceBeyond(faces: string[]): string | null {
  const ranks = faces.map((f) => RANKS.indexOf(f[0]!));
  const suit = faces[0]![1]!;
  const hi = Math.max(...ranks);
  const lo = Math.min(...ranks);
  if (faces.length >= 12) return null;
  if (hi + 1 < RANKS.length) return `${RANKS[hi + 1]}${suit}`;
  return lo > 0 ? `${RANKS[lo - 1]}${suit}` : null;
}

/** Select exactly these cards (clearing any other selection), then click a button or a run. */
export async function selectAndClick(page: Page, cards: string[], testId: string): Promise<boolean> {
  const sel = page.locator('[data-testid^="hand-card-"][aria-pressed="true"]');
  for (const c of await sel.all()) await c.click({ timeout: 3000, position: CARD_CORNER });
  for (const c of cards) await clickCard(page, c);
  return clickAndWait(page, testId);
}

/**
 * A joker swap planned from what this seat sees: put a joker from hand where it stands for a
 * card the hand holds — one place beyond a team run, or in the gap of a new run made from a
 * pure run in hand —, swap that natural card in for it, and lay the joker again at the run's
 * end. True when the swap happened (the joker came back to the hand and is on the table again).
 */
export async function jokerSwap(page: Page): Promise<boolean> {
  const t = await readTable(page);
  const joker = t.hand.find((h) => h.card.startsWith('X'))?.card;
  if (!joker || !t.opened || t.hand.length < 7) return false;
  const held = (face: string) => t.hand.find((h) => h.card.startsWith(face) && !h.card.startsWith('X'))?.card;
  let run: string | null = null;
  let natural: string | undefined;
  for (const r of t.runs) {
    if (r.kind !== 'run' || r.faces.some((f) => f.startsWith('X') || f[0] === '2')) continue;
    const face = faceBeyond(r.faces);
    natural = face ? held(face) : undefined;
    if (natural && (await selectAndClick(page, [joker], `run-${r.run}`))) {
      run = r.run;
      break;
    }
  }
  if (!run) {
    const pure = findPureMeld(t.hand.map((h) => h.card));
    if (!pure) return false;
    natural = pure[1]!;
    if (!(await selectAndClick(page, [pure[0]!, pure[2]!, joker], 'new-run'))) return false;
    run = (await readTable(page)).jokers.find((r) => r.faces.includes(natural!.slice(0, 2)))?.run ?? null;
  }
  const placed = await readTable(page);
  if (!run || !placed.jokers.find((r) => r.run === run)?.faces.includes(natural!.slice(0, 2))) return false;
  // The natural card takes the joker's place: the joker comes back to the hand.
  if (!(await selectAndClick(page, [natural!], `run-${run}`))) return false;
  const swapped = await readTable(page);
  if (!swapped.hand.some((h) => h.card === joker) || swapped.jokers.find((r) => r.run === run)?.faces.includes(natural!.slice(0, 2))) return false;
  // It must go back on the table this turn: onto the same run's end.
  if (!(await selectAndClick(page, [joker], `run-${run}`))) return false;
  return !(await readTable(page)).hand.some((h) => h.card === joker);
}
