/**
 * Test support: which hidden cards a seat must not learn, and a scan of views and events
 * for them. Kept out of the engine so that the check is independent of the view code.
 */
import type { GameEvent, Seat } from '../../engine/types';
import { label } from './cards';
import { teamOf } from './engine';
import type { BalootState } from './types';

/** Cards in other hands or the stock that `seat` may not know (null = spectator). */
export function hiddenFrom(s: BalootState, seat: Seat | null): Set<string> {
  const known = new Set<string>();
  if (s.contract) known.add(s.publicCard);
  if (s.tricks.length > 0 && s.projectTeam !== null) {
    for (let owner = 0; owner < 4; owner++) {
      if (teamOf(owner) === s.projectTeam) for (const p of s.declared[owner]!) for (const c of p.cards) known.add(c);
    }
  }
  if (s.sawa) for (const c of s.hands[s.sawa.claimant]!) known.add(c);
  const hidden = new Set<string>();
  for (let owner = 0; owner < 4; owner++) {
    if (owner === seat) continue;
    for (const c of s.hands[owner]!) if (!known.has(c)) hidden.add(c);
  }
  for (const c of s.stock) hidden.add(c);
  return hidden;
}

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Hidden cards that appear in a view (the previous round's summary is about a finished deal and skipped). */
export function leaksInView(view: object, hidden: Set<string>): string[] {
  const { lastRound: _finished, ...current } = view as Record<string, unknown>;
  return strings(current, []).filter((x) => hidden.has(x));
}

/**
 * Hidden cards named in events, by id or by label in their text. Events before a new deal
 * are about the finished deal (whose cards are all dealt again), so only the new deal's count.
 */
export function leaksInEvents(events: GameEvent[], hidden: Set<string>): string[] {
  const found: string[] = [];
  let from = 0;
  events.forEach((e, i) => {
    if (e.type === 'deal') from = i;
  });
  for (const e of events.slice(from)) {
    const all = strings(e, []);
    for (const c of hidden) {
      if (all.includes(c) || e.text.includes(label(c))) found.push(c);
    }
  }
  return found;
}
