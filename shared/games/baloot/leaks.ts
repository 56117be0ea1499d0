/**
 * Test support: which hidden cards a seat must not learn, and a scan of views and events
 * for them. Kept out of the engine so that the check is independent of the view code.
 */
import type { GameEvent, Seat } from '../../engine/types';
import { cardIndex } from './cards';
import { teamOf } from './engine';
import type { BalootState } from './types';

function maskOfCards(cards: readonly string[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << cardIndex(c);
  return m;
}

/** Cards in other hands or the stock that `seat` may not know (null = spectator), as a mask. */
export function hiddenFrom(s: BalootState, seat: Seat | null): number {
  let known = s.contract ? 1 << cardIndex(s.publicCard) : 0;
  if (s.tricks.length > 0 && s.projectTeam !== null) {
    for (let owner = 0; owner < 4; owner++) {
      if (teamOf(owner) === s.projectTeam) for (const p of s.declared[owner]!) known |= maskOfCards(p.cards);
    }
  }
  if (s.sawa) known |= maskOfCards(s.hands[s.sawa.claimant]!);
  let hidden = maskOfCards(s.stock);
  for (let owner = 0; owner < 4; owner++) if (owner !== seat) hidden |= maskOfCards(s.hands[owner]!);
  return hidden & ~known;
}

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

function cardsIn(found: string[], hidden: number): string[] {
  return found.filter((x) => {
    const i = cardIndex(x);
    return i >= 0 && (hidden & (1 << i)) !== 0;
  });
}

/** Hidden cards that appear in a view (the previous round's summary is about a finished deal and skipped). */
export function leaksInView(view: object, hidden: number): string[] {
  const { lastRound: _finished, ...current } = view as Record<string, unknown>;
  return cardsIn(strings(current, []), hidden);
}

/**
 * Hidden cards named anywhere in events (events are data: every card they name is an id).
 * Events before a new deal are about the finished deal (whose cards are all dealt again), so
 * only the new deal's count.
 */
export function leaksInEvents(events: GameEvent[], hidden: number): string[] {
  let from = 0;
  events.forEach((e, i) => {
    if (e.type === 'deal') from = i;
  });
  const found: string[] = [];
  for (const e of events.slice(from)) strings(e, found);
  return cardsIn(found, hidden);
}
