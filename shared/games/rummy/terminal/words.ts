/**
 * The terminal game's English lines for Rummy events. Events are data (the browser words
 * them in the reader's language, web/src/games/rummy/words.ts); the terminal is English only
 * and never sends these lines anywhere.
 */
import { cardLabel } from '../../../cards/playing-cards';
import type { GameEvent } from '../../../engine/types';
import { meldLabel, workingTable } from '../rules';
import type { RummyState } from '../types';

/** One event as an English line, read against the state right after the move. */
export function eventLine(e: GameEvent, state: RummyState): string {
  const who = (seat: unknown) => (typeof seat === 'number' ? (state.names[seat] ?? `Seat ${seat + 1}`) : '');
  const card = typeof e.card === 'string' ? cardLabel(e.card) : '';
  const meld = typeof e.meldId === 'string' ? workingTable(state).find((m) => m.id === e.meldId) : undefined;
  const kind = e.kind === 'run' ? 'sequence' : 'set';
  const whose = e.owner === e.seat ? `their ${kind}` : `${who(e.owner)}'s ${kind}`;
  switch (e.type) {
    case 'draw':
      return e.from === 'discard' ? `${who(e.seat)} takes ${card} from the discard pile.` : `${who(e.seat)} draws from the pile.`;
    case 'return':
      return `${who(e.seat)} puts ${card} back on the discard pile.`;
    case 'meld':
      return `${who(e.seat)} lays ${meld ? meldLabel(meld) : `a ${kind}`}.`;
    case 'declare':
      return `${who(e.seat)} declares with ${String(e.points)} points.`;
    case 'swap':
      return `${who(e.seat)} swaps ${card} for a joker in ${whose}.`;
    case 'extend':
      return `${who(e.seat)} changes ${whose}${meld ? `: now ${meldLabel(meld)}` : ''}.`;
    case 'discard':
      return `${who(e.seat)} discards ${card}.`;
    case 'close':
      return `${who(e.seat)} closes, laying the last card face down.`;
    case 'exhausted':
      return 'The deal ends without a close.';
    case 'reshuffle':
      return 'The discards are shuffled into a new draw pile.';
    case 'dealScore': {
      const points = Array.isArray(e.points) ? (e.points as number[]) : [];
      return `Deal ${String(e.deal)}: ${points.map((p, i) => `${who(i)} ${p}`).join(', ')}.`;
    }
    case 'gameOver':
      return resultLine(state);
    case 'deal':
      return `Deal ${String(e.deal)} begins; ${who(e.seat)} starts.`;
    default:
      return e.type;
  }
}

/** "Ana wins with 40 points." / "Ana and Ben share the win with 40 points." */
export function resultLine(state: RummyState): string {
  const winners = state.winners ?? [];
  const scores = state.options.deals === 'single' && state.lastDeal ? state.lastDeal.rows.map((r) => r.points) : state.totals;
  const names = winners.map((w) => state.names[w]!);
  const pts = scores[winners[0]!] ?? 0;
  const what = names.length === 1 ? `${names[0]} wins` : `${names.join(' and ')} share the win`;
  return `${what} with ${pts} point${pts === 1 ? '' : 's'}.`;
}
