/**
 * Plays Mahjong hand betting the way a person does: reads the screen, clicks a bet button, waits for
 * the result. No state injection, no debug hooks: only what is rendered on the page.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
export const ROUND_CAP = 500;

export type Bet = 'higher' | 'lower';

/** What the table shows between bets. */
export interface TableReading {
  round: number;
  total: number;
  /** The total's count-up animation has reached the hand's total. */
  totalSettled: boolean;
  score: number;
  draw: number;
  discard: number;
  exhaustions: number;
  over: boolean;
  /** The outcome line, i.e. the result of the latest bet. */
  lastOutcome: { round: number; outcome: 'win' | 'loss'; bet: Bet; dealtTotal: number };
  /** Reshuffle toasts that appeared since the previous reading. */
  toasts: string[];
}

export interface RoundReport {
  round: number;
  total: number;
  bet: Bet;
  dealtTotal: number;
  outcome: 'win' | 'loss';
  nextTotal: number;
  score: number;
  draw: number;
  discard: number;
  exhaustions: number;
  /** Text of the reshuffle toast that appeared during the round, '' if none did. */
  reshuffleToast: string;
}

export class MahjongPlayer {
  constructor(readonly page: Page) {}

  get higher(): Locator {
    return this.page.getByRole('button', { name: /Bet Higher/ });
  }
  get lower(): Locator {
    return this.page.getByRole('button', { name: /Bet Lower/ });
  }
  get gameOver(): Locator {
    return this.page.getByTestId('mj-gameover');
  }
  get handTiles(): Locator {
    return this.page.getByTestId('mj-hand').getByTestId('mj-tile');
  }

  async open(): Promise<void> {
    await this.page.goto('/mahjong');
    await expect(this.page.getByRole('heading', { name: 'Mahjong hand betting' })).toBeVisible();
  }

  async startGame(name: string): Promise<void> {
    await this.page.getByLabel('Player name').fill(name);
    await this.page.getByRole('button', { name: 'New Game' }).click();
    await expect(this.page.getByTestId('mj-game')).toBeVisible();
    await expect(this.handTiles).toHaveCount(4);
    await this.watchToasts();
    await this.waitUntilSettled();
  }

  /**
   * Notes each reshuffle toast as it appears (read-only), so a short-lived toast is never
   * missed on a busy machine. `read()` hands over what was seen since the last reading.
   */
  async watchToasts(): Promise<void> {
    await this.page.getByTestId('mj-game').evaluate((root) => {
      if (root.mjToasts) return;
      const seen: string[] = [];
      const known = new WeakSet();
      new MutationObserver(() => {
        const toast = root.querySelector('[data-testid="mj-reshuffle-toast"]');
        if (!toast || known.has(toast)) return;
        known.add(toast);
        seen.push((toast.textContent ?? '').replace(/\s+/g, ' ').trim());
      }).observe(root, { childList: true, subtree: true });
      root.mjToasts = seen;
    });
  }

  /** Waits for a bet's whole timeline, the total counter included, to come to rest. */
  async waitUntilSettled(round?: number): Promise<TableReading> {
    const settled = '[data-testid="mj-game"]:is([data-stage="ready"], [data-stage="over"])';
    const outcome = round === undefined ? '' : ` [data-testid="mj-outcome"][data-round="${round}"]`;
    await this.page.locator(`${settled}${outcome}`).waitFor();
    let reading = await this.read();
    if (!reading.totalSettled) {
      const total = this.page.getByTestId('mj-total');
      await expect(total).toHaveText(String(await total.getAttribute('data-total')));
      reading = await this.read();
    }
    return reading;
  }

  /** Reads the table in one go, from what is on screen: visible numbers, outcome line, toast. */
  async read(): Promise<TableReading> {
    const seen = await this.page.getByTestId('mj-game').evaluate((root) => {
      const find = (id: string) => root.querySelector(`[data-testid="${id}"]`);
      const text = (id: string): string => find(id)?.textContent ?? '';
      const outcome = find('mj-outcome');
      return {
        stage: root.getAttribute('data-stage') ?? '',
        texts: Object.fromEntries(['mj-round', 'mj-total', 'mj-score', 'mj-draw-count', 'mj-discard-count', 'mj-exhaustions'].map((id) => [id, text(id)])),
        totalTarget: find('mj-total')?.getAttribute('data-total') ?? '',
        outcome: {
          round: outcome?.getAttribute('data-round') ?? '0',
          kind: outcome?.getAttribute('data-outcome') ?? '',
          bet: outcome?.getAttribute('data-bet') ?? '',
          dealt: outcome?.getAttribute('data-dealt') ?? '',
        },
        toasts: root.mjToasts ? root.mjToasts.splice(0) : [],
      };
    });
    const number = (id: string): number => {
      const match = /-?\d+/.exec(seen.texts[id] ?? '');
      if (!match) throw new Error(`No number in ${id}: "${seen.texts[id]}"`);
      return Number(match[0]);
    };
    return {
      round: number('mj-round'),
      total: number('mj-total'),
      totalSettled: seen.texts['mj-total']?.trim() === seen.totalTarget,
      score: number('mj-score'),
      draw: number('mj-draw-count'),
      discard: number('mj-discard-count'),
      exhaustions: number('mj-exhaustions'),
      over: seen.stage === 'over',
      lastOutcome: {
        round: Number(seen.outcome.round),
        outcome: seen.outcome.kind as 'win' | 'loss',
        bet: seen.outcome.bet as Bet,
        dealtTotal: Number(seen.outcome.dealt),
      },
      toasts: seen.toasts,
    };
  }

  /** A sensible person's guess: an average hand totals about 20. */
  static choose(total: number, round: number): Bet {
    if (total === 20) return round % 2 === 0 ? 'higher' : 'lower';
    return total < 20 ? 'higher' : 'lower';
  }

  /** Bets by clicking, waits for the reveal, and reports what the screen showed. */
  async playRound(before?: TableReading): Promise<{ report: RoundReport; after: TableReading }> {
    const table = before ?? (await this.read());
    const bet = MahjongPlayer.choose(table.total, table.round);
    await (bet === 'higher' ? this.higher : this.lower).click();
    const after = await this.waitUntilSettled(table.round);
    const report: RoundReport = {
      round: table.round,
      total: table.total,
      bet,
      dealtTotal: after.lastOutcome.dealtTotal,
      outcome: after.lastOutcome.outcome,
      nextTotal: after.total,
      score: after.score,
      draw: after.draw,
      discard: after.discard,
      exhaustions: after.exhaustions,
      reshuffleToast: after.toasts.join(' | '),
    };
    expect(after.lastOutcome.bet).toBe(bet);
    return { report, after };
  }

  async screenshot(name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    await this.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  }
}

/** Boxes of the parts of the game screen that must not move or resize between rounds. */
export async function layoutBoxes(page: Page): Promise<Record<string, { x: number; y: number; width: number; height: number }>> {
  const parts = {
    hand: page.getByTestId('mj-hand'),
    total: page.getByTestId('mj-total'),
    outcome: page.getByTestId('mj-outcome'),
    higher: page.getByRole('button', { name: /Bet Higher/ }),
    lower: page.getByRole('button', { name: /Bet Lower/ }),
    history: page.getByTestId('mj-history'),
    piles: page.getByTestId('mj-piles'),
  };
  const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const [name, locator] of Object.entries(parts)) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${name} is not on screen`);
    boxes[name] = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  }
  return boxes;
}

export function writeReport(name: string, report: unknown): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, name);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
