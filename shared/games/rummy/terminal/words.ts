/**
 * The terminal game's English lines for Rummy events. Events are data (the browser words
 * them in the reader's language, web/src/games/rummy/words.ts); the terminal is English only
 * and never sends these lines anywhere.
 */
import { cardLabel } from '../../../cards/playing-cards';
import type { GameEvent } from '../../../engine/types';
import { meldLabel, workingTable } from '../rules';
import type { RummyRefusal } from '../refusals';
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

const RANK_NAMES: Record<string, string> = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: '10' };
const SUIT_NAMES: Record<string, string> = { S: 'spade', H: 'heart', D: 'diamond', C: 'club' };
const rankName = (rank: string | null) => (rank ? (RANK_NAMES[rank] ?? rank) : '?');

/** A refused move as an English line (the browser words refusals itself, in the reader's language). */
export function refusalLine(r: RummyRefusal, names: readonly string[]): string {
  switch (r.code) {
    case 'game_over':
      return 'The game is over.';
    case 'not_your_turn':
      return `It is ${names[r.seat] ?? `Seat ${r.seat + 1}`}'s turn, not yours.`;
    case 'draw_first':
      return 'Draw a card first: from the pile, or the top discard.';
    case 'too_early':
      return `Declarations open in round ${r.opens}; this is round ${r.round}.`;
    case 'already_drawn':
      return 'You have already drawn this turn.';
    case 'discard_closed':
      return `You can take the discard only to meld it, and melds open in round ${r.opens}.`;
    case 'discard_empty':
      return 'The discard pile is empty.';
    case 'pile_empty':
      return 'The draw pile is empty.';
    case 'no_such_meld':
      return 'That meld is not on the table.';
    case 'card_not_in_hand':
      return `You do not hold ${cardLabel(r.card)}.`;
    case 'keep_one_card':
      return 'Keep one card in your hand to discard or to close with.';
    case 'not_declared':
      if (r.points === null) return 'You can add to melds on the table only after your first declaration.';
      return `Finish your declaration first (your melds this turn make ${r.points < r.need ? `${r.points} of ${r.need} points` : 'no pure sequence yet'}), then add to the table.`;
    case 'nothing_to_return':
      return 'You did not take the discard this turn.';
    case 'nothing_to_undo':
      return 'There is nothing to undo: you have not laid anything this turn.';
    case 'cannot_close':
      if (r.why === 'not_declared') return 'You can close only once you have declared.';
      return `To close, meld every card but one: you still have ${r.left} more card${r.left === 1 ? '' : 's'} to meld.`;
    case 'last_card':
      return 'That is your last card: close with it instead of discarding.';
    case 'discard_not_melded':
      return `You can take the discard only if you meld it this turn: meld ${cardLabel(r.card)} or put it back.`;
    case 'joker_not_melded':
      return 'A joker you swapped out must be melded this turn.';
    case 'declaration_too_small':
      return `Your first declaration needs ${r.need} points; these melds make ${r.points}.`;
    case 'declaration_needs_pure':
      return 'A declaration needs a pure sequence.';
    case 'jokers_adjacent':
      return 'Two jokers cannot be next to each other in a run.';
    case 'two_aces':
      return 'A sequence can hold only one ace.';
    case 'duplicate_card':
      return 'A meld cannot hold the same card twice.';
    case 'no_wrap':
      return 'A sequence cannot go round the corner: the ace sits below the 2 or above the king, never both.';
    case 'not_consecutive':
      return 'These cards are not consecutive; a joker can fill only a single missing card.';
    case 'set_same_suit':
      return 'A set cannot hold two cards of the same suit.';
    case 'set_too_big':
      return 'A set has at most 4 cards, one of each suit.';
    case 'bad_stand_in':
      switch (r.why) {
        case 'not_placed':
          return `${cardLabel(r.cards[0] ?? '')} is not one of the jokers you are placing.`;
        case 'not_a_card':
          return 'A joker can stand only for a card from 2 to ace.';
        case 'same_card':
          return 'Two jokers cannot stand for the same card.';
        case 'set_rank':
          return `A joker in this set can stand only for a missing ${rankName(r.rank)}, not ${cardLabel(r.cards[0] ?? '')}.`;
        case 'no_place':
          return `The jokers cannot stand for ${r.cards.map(cardLabel).join(', ')} here.`;
        case 'unassigned':
          return 'Every joker in a meld must stand for a card.';
      }
      break;
    case 'meld_too_short':
      return 'A meld needs at least 3 cards.';
    case 'too_many_jokers':
      return 'A meld needs more natural cards than jokers.';
    case 'not_a_meld':
      return 'A meld is either a set (one rank, different suits) or a sequence (one suit, consecutive ranks).';
    case 'set_rank':
      return `${cardLabel(r.card)} does not match the ${rankName(r.rank)}s of this set.`;
    case 'run_suit':
      return `${cardLabel(r.card)} is not a ${SUIT_NAMES[r.suit]}: a sequence is all one suit.`;
    case 'bad_order':
      return 'The meld cards are not in order.';
    case 'swap_joker_for_joker':
      return 'Swap a joker for a natural card, not for another joker.';
    case 'swap_set_incomplete':
      return 'In a set, a joker can be swapped only when your card makes all four suits.';
    case 'swap_no_joker':
      return `No joker in this meld stands for ${cardLabel(r.card)}.`;
  }
  // A code this table does not know yet (a newer engine): say the code rather than nothing.
  return (r as { code: string }).code;
}
