/**
 * Plays Rummy through the table's buttons the way a person would: it asks the Hint button
 * what to do, then clicks Draw / Take, Lay meld, the glowing meld, Discard or Close.
 * Used by the room and pass-and-play end-to-end tests (and the screenshot script).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Refusals that say nothing about the rules: the socket was reconnecting, or the table moved on. */
const TRANSIENT = /Not connected|table changed/;

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

export interface PersonStats {
  turns: number;
  melds: number;
  /** Extensions of melds that were already on the table before this turn. */
  extensions: number;
  /** Joker swaps on melds already on the table. */
  swaps: number;
  declared: boolean;
  closed: boolean;
  /** Refusals the table showed (a hint the rules then refused would be a bug). */
  refusals: string[];
  /** Hints that found nothing to do mid-turn, so the draft was given up. */
  gaveUp: string[];
}

export function newStats(): PersonStats {
  return { turns: 0, melds: 0, extensions: 0, swaps: 0, declared: false, closed: false, refusals: [], gaveUp: [] };
}

/** What the screen shows, to tell when a click has had its effect. */
interface Signature {
  hand: string;
  table: string;
  phase: string;
  mine: string;
  error: string;
  round: string;
}

export class RummyPlayer {
  constructor(
    readonly page: Page,
    readonly label: string,
  ) {}

  get board() {
    return this.page.getByTestId('rummy-board');
  }

  async screenshot(name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    await this.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  }

  async signature(): Promise<Signature> {
    // No helper functions inside: the page only gets this function's source.
    return this.page.evaluate(() => {
      const line = document.querySelector('[data-testid="turn-line"]');
      const melds = [...document.querySelectorAll<HTMLElement>('[data-testid^="meld-"]')];
      return {
        hand: [...document.querySelectorAll<HTMLElement>('[data-testid^="hand-card-"]')].map((c) => c.dataset.card).join(' '),
        // A joker swap changes which cards a meld holds, not how many.
        table: melds.map((m) => m.getAttribute('aria-label')).join('|'),
        phase: line?.getAttribute('data-phase') ?? '',
        mine: line?.getAttribute('data-my-turn') ?? '',
        error: document.querySelector('[data-testid="toast"]')?.textContent ?? '',
        round: document.querySelector('[data-testid="round"]')?.getAttribute('data-round') ?? '',
      };
    });
  }

  /** Clicks, then waits until the table shows the effect (a new view, or a refusal). */
  async act(click: () => Promise<void>): Promise<void> {
    const before = JSON.stringify(await this.signature());
    await click();
    await expect.poll(async () => JSON.stringify(await this.signature()), { timeout: 15_000 }).not.toBe(before);
    // A pass-and-play board goes away behind the pass screen when the turn ends.
    if ((await this.board.count()) > 0) await expect(this.board).toHaveAttribute('data-busy', 'false');
  }

  /** Reads the turn line without waiting for it (the pass-and-play pass screen has none). */
  async turnLine(): Promise<{ mine: boolean; phase: string }> {
    const line = this.page.getByTestId('turn-line');
    if ((await line.count()) === 0) return { mine: false, phase: '' };
    return { mine: (await line.getAttribute('data-my-turn')) === 'true', phase: (await line.getAttribute('data-phase')) ?? '' };
  }

  async isMyTurn(): Promise<boolean> {
    return (await this.turnLine()).mine;
  }

  async phase(): Promise<string> {
    return (await this.turnLine()).phase;
  }

  /** The room page's refusal line (the one place a refusal is said), or null. */
  async errorText(): Promise<string | null> {
    const error = this.page.getByTestId('toast');
    return (await error.isVisible()) ? await error.innerText() : null;
  }

  /** Closes the end-of-deal score dialog if it is up. */
  async dismissDealDialog(): Promise<boolean> {
    const button = this.page.getByTestId('deal-continue');
    if (!(await button.isVisible())) return false;
    await button.click();
    return true;
  }

  async hint(): Promise<{ kind: string; step: string; meld: string; from: string; text: string }> {
    await this.page.getByTestId('hint').click();
    const hint = this.page.getByTestId('hint-text');
    await expect(hint).toBeVisible();
    return {
      kind: (await hint.getAttribute('data-kind')) ?? '',
      step: (await hint.getAttribute('data-step')) ?? '',
      meld: (await hint.getAttribute('data-meld')) ?? '',
      from: (await hint.getAttribute('data-from')) ?? '',
      text: await hint.innerText(),
    };
  }

  /** The draw: the discard when the hint says it can be melded, else the pile. */
  async draw(): Promise<void> {
    const h = await this.hint();
    await this.act(() => this.page.getByTestId(h.from === 'discard' ? 'take-discard' : 'draw').click());
    const error = await this.errorText();
    if (error && TRANSIENT.test(error)) await this.page.waitForTimeout(1000);
  }

  /**
   * Lays what the hints suggest, one step at a time, then discards or closes. `onStep` runs
   * before each click (for screenshots). Returns when the turn is over.
   */
  async playRest(stats: PersonStats, onStep?: (kind: string) => Promise<void>): Promise<void> {
    for (let guard = 0; guard < 40; guard++) {
      if (!(await this.isMyTurn()) || (await this.phase()) !== 'play') return;
      const h = await this.hint();
      if (onStep) await onStep(h.kind === 'step' ? h.step : h.kind);
      if (h.kind === 'step') {
        if (h.step === 'meld') {
          await this.act(() => this.page.getByTestId('lay-meld').click());
          if (!(await this.errorText())) stats.melds++;
        } else {
          const meld = this.page.getByTestId(`meld-${h.meld}`);
          const fromBefore = (await meld.getAttribute('data-draft')) === 'false';
          await this.act(() => meld.click());
          if (!(await this.errorText()) && fromBefore) {
            if (h.step === 'extend') stats.extensions++;
            else stats.swaps++;
          }
        }
        const error = await this.errorText();
        if (error && TRANSIENT.test(error)) await this.page.waitForTimeout(1000);
        else if (error) {
          stats.refusals.push(error);
          await this.giveUpDraft();
        }
        continue;
      }
      if (h.kind === 'close') {
        await this.act(() => this.page.getByTestId('close').click());
        stats.closed = (await this.errorText()) === null;
        return;
      }
      if (h.kind === 'discard') {
        await this.act(() => this.page.getByTestId('discard').click());
        return;
      }
      stats.gaveUp.push(h.text);
      await this.giveUpDraft();
    }
    throw new Error(`${this.label}: the turn did not end`);
  }

  /** Backs out of a turn that went wrong: puts a taken discard back and draws instead, or undoes the draft and discards. */
  async giveUpDraft(): Promise<void> {
    const back = this.page.getByTestId('return-discard');
    if (await back.isVisible()) {
      await this.act(() => back.click());
      await this.act(() => this.page.getByTestId('draw').click());
      return;
    }
    const undo = this.page.getByTestId('undo');
    if (await undo.isVisible()) await this.act(() => undo.click());
    await this.page.locator('[data-testid^="hand-card-"]').last().click();
    await this.act(() => this.page.getByTestId('discard').click());
  }

  /** One whole turn: draw, lay, discard or close. */
  async playTurn(stats: PersonStats, onStep?: (kind: string) => Promise<void>): Promise<void> {
    stats.turns++;
    if ((await this.phase()) === 'draw') await this.draw();
    await this.playRest(stats, onStep);
  }

  async declaredOnTable(seat: number): Promise<boolean> {
    return (await this.page.getByTestId(`player-${seat}`).getAttribute('data-declared')) === 'true';
  }
}
