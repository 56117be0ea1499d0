import { type Page } from '@playwright/test';
import { waitForNewState } from './room-helpers';

/**
 * A person at the Baloot table, acting only through what the page shows and by clicking:
 * the `your-turn` marker says what is asked (bid, double, play, Sawa answer), the hand's
 * cards carry `data-playable`, and the panels show only the buttons that are legal now.
 * Each look at the table is one round trip to the page, so four browsers on a busy
 * machine still keep up.
 */
export type Action = 'bid' | 'double' | 'play' | 'sawa';

export interface HandCard {
  card: string;
  playable: boolean;
}

export interface TableState {
  version: number;
  action: Action | null;
  /** data-testid of every visible button in the action bar. */
  buttons: string[];
  bidStage: string | null;
  /** Round 2: the Hokum button opens a suit picker. */
  hokumPicker: boolean;
  hand: HandCard[];
  trick: string[];
  publicCard: string | null;
  /** Someone else's Sawa claim was refused this round: their hand lies open and no one may claim again. */
  sawaRefused: boolean;
  summary: { round: number; us: number; them: number } | null;
  over: boolean;
  scores: { us: number; them: number };
  seat: number | null;
}

export async function readTable(page: Page): Promise<TableState> {
  return page.evaluate(() => {
    const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    const visible = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null;
    const turn = byId('your-turn');
    const summary = byId('round-summary');
    const totals = summary?.querySelectorAll('[data-testid="summary-scores"] td');
    const hokum = byId('bid-hokum');
    return {
      version: Number(document.querySelector('main.stage')?.getAttribute('data-version')),
      action: (visible(turn) ? turn!.getAttribute('data-action') : null) as TableState['action'],
      buttons: [...document.querySelectorAll<HTMLButtonElement>('.bar button[data-testid]')]
        .filter((b) => visible(b) && !b.disabled)
        .map((b) => b.dataset.testid!),
      bidStage: byId('bid-panel')?.getAttribute('data-stage') ?? null,
      hokumPicker: !!hokum && hokum.hasAttribute('aria-expanded'),
      hand: [...document.querySelectorAll('[data-testid^="hand-card-"]')].map((el) => ({
        card: el.getAttribute('data-card') ?? '',
        playable: el.getAttribute('data-playable') === 'true',
      })),
      trick: [...document.querySelectorAll('[data-testid^="trick-card-"]')].map((el) => el.getAttribute('data-testid')!.slice('trick-card-'.length)),
      publicCard: byId('public-card')?.getAttribute('data-card') ?? null,
      sawaRefused: !!byId('sawa-exposed'),
      summary:
        visible(summary) && totals && totals.length >= 2
          ? {
              round: Number(/\d+/.exec(summary!.querySelector('h3')?.textContent ?? '')?.[0] ?? NaN),
              us: Number(totals[0]!.getAttribute('data-n') ?? totals[0]!.textContent),
              them: Number(totals[1]!.getAttribute('data-n') ?? totals[1]!.textContent),
            }
          : null,
      over: visible(byId('game-over')),
      scores: { us: Number(byId('score-us')?.dataset.score), them: Number(byId('score-them')?.dataset.score) },
      seat: byId('seat-south') ? Number(byId('seat-south')!.dataset.seat) : null,
    };
  });
}

/** Waits (polling inside the page) until something asks for this player: a turn, a round summary or the end. */
export async function waitForTable(page: Page, ms = 20_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ['your-turn', 'round-summary', 'game-over'].some((id) => {
          const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
          return !!el && el.offsetParent !== null;
        }),
      undefined,
      { timeout: ms, polling: 100 },
    )
    .catch(() => undefined);
}

/** Centre of a hand card's corner index: the part of a fanned card its neighbour never covers. */
async function indexPoint(page: Page, card: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate(async (id) => {
    const button = document.querySelector<HTMLElement>(`[data-testid="hand-card-${id}"]`);
    const index = button?.querySelector('[data-testid="card-index"]');
    const fan = button?.parentElement;
    if (!button || !index || !fan) return null;
    // Cards slide when the hand changes and rise when lifted: aim once they have stopped.
    for (let i = 0; i < 25 && fan.getAnimations({ subtree: true }).some((a) => a.playState === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 40));
    }
    const box = index.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, card);
}

/** Taps a card of the fan on its corner index, as a person would. */
export async function tapCard(page: Page, card: string): Promise<void> {
  const p = await indexPoint(page, card);
  if (!p) throw new Error(`card ${card} is not in the hand`);
  await page.mouse.click(p.x, p.y);
}

export async function isLifted(page: Page, card: string): Promise<boolean> {
  return (await page.getByTestId(`hand-card-${card}`).getAttribute('aria-pressed')) === 'true';
}

/**
 * Tap to lift, tap the lifted card again to play; waits for the room's answer. Like a person
 * whose finger caught the neighbouring card, it taps again when another card rose instead.
 */
export async function playCard(page: Page, card: string, version: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await tapCard(page, card);
    const lifted = await page
      .waitForFunction((id) => document.querySelector(`[data-testid="hand-card-${id}"]`)?.getAttribute('aria-pressed') === 'true', card, {
        polling: 50,
        timeout: 2000,
      })
      .then(() => true)
      .catch(() => false);
    if (lifted) break;
    if (attempt === 2) throw new Error(`tapping ${card} did not lift it`);
  }
  await tapCard(page, card);
  await waitForNewState(page, version, 10_000);
}

const SUITS = ['S', 'H', 'D', 'C'] as const;

/**
 * A plain bidding sense, from the player's own cards only: Hokum with the Jack or Nine of the
 * suit and two more of it, Sun with three Aces, otherwise pass. A lone Hokum is kept, and a
 * Sun by priority is let stand. Returns the buttons to click in order.
 */
export function chooseBid(t: TableState, openHokum: boolean): string[] {
  const has = (id: string) => t.buttons.includes(id);
  if (t.bidStage === 'switch') return ['bid-hokum'];
  if (t.bidStage === 'priority') return ['bid-pass'];
  if (openHokum && has('bid-hokum') && !t.hokumPicker) return ['bid-hokum'];
  const cards = t.hand.map((c) => c.card);
  const pub = t.publicCard ?? '';
  const strongIn = (suit: string, extra: string[] = []) => {
    const held = [...cards, ...extra].filter((c) => c[1] === suit);
    return held.length >= 3 && held.some((c) => c[0] === 'J' || c[0] === '9');
  };
  if (cards.filter((c) => c[0] === 'A').length >= 3 && has('bid-sun')) return ['bid-sun'];
  if (has('bid-hokum')) {
    if (!t.hokumPicker && strongIn(pub[1] ?? '', [pub])) return ['bid-hokum'];
    const suit = t.hokumPicker ? SUITS.find((s) => s !== pub[1] && strongIn(s)) : undefined;
    if (suit) return ['bid-hokum', `bid-suit-${suit}`];
  }
  return ['bid-pass'];
}

export interface TurnOptions {
  /** Always open round 1 with Hokum when it is on offer (to be sure a round gets played). */
  openHokum?: boolean;
  acceptSawa?: boolean;
}

/** Does what the page asks, if anything, by clicking. Returns the action taken. */
export async function takeTurn(page: Page, opts: TurnOptions = {}, seen?: TableState): Promise<Action | null> {
  const t = seen ?? (await readTable(page));
  if (!t.action) return null;
  const click = (id: string) => page.getByTestId(id).click({ timeout: 5000 });
  switch (t.action) {
    case 'bid':
      for (const id of chooseBid(t, opts.openHokum === true)) await click(id);
      break;
    case 'double':
      await click('double-no');
      break;
    case 'sawa':
      await click(opts.acceptSawa ? 'sawa-accept' : 'sawa-refuse');
      break;
    case 'play': {
      if (t.buttons.includes('declare')) {
        await click('declare');
        break;
      }
      const card = t.hand.find((c) => c.playable);
      if (!card) throw new Error('my turn to play but no card is playable');
      await playCard(page, card.card, t.version);
      return t.action;
    }
  }
  await waitForNewState(page, t.version, 10_000);
  return t.action;
}
