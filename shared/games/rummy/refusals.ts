import type { Suit } from '../../cards/playing-cards';
import type { NoParams, RefusalsFrom } from '../../engine/types';

/**
 * Every move Rummy with Jokers refuses, with the parameters its browser folder words it with
 * (web/src/games/rummy/refusals.ts) and the terminal game words in English: card ids, suits,
 * ranks and numbers, never sentences. A turn's blockers (`DraftBlocker`) are among them.
 */
export type RummyRefusal = RefusalsFrom<{
  game_over: NoParams;
  not_your_turn: { seat: number };
  draw_first: NoParams;
  /** Declarations open in round `opens`; this is round `round`. */
  too_early: { round: number; opens: number };
  already_drawn: NoParams;
  discard_closed: { opens: number };
  discard_empty: NoParams;
  pile_empty: NoParams;
  no_such_meld: NoParams;
  card_not_in_hand: { card: string };
  keep_one_card: NoParams;
  /** Table melds are out of reach until the first declaration: `points` this turn's melds make (null: none laid yet), `pure` whether one is a pure sequence. */
  not_declared: { points: number | null; need: number; pure: boolean };
  nothing_to_return: NoParams;
  nothing_to_undo: NoParams;
  /** cards_left: `left` cards still to meld; not_declared: closing before any declaration. */
  cannot_close: { why: 'cards_left' | 'not_declared'; left: number };
  last_card: NoParams;
  discard_not_melded: { card: string };
  joker_not_melded: NoParams;
  declaration_too_small: { need: number; points: number };
  declaration_needs_pure: NoParams;
  jokers_adjacent: NoParams;
  two_aces: NoParams;
  duplicate_card: NoParams;
  no_wrap: NoParams;
  not_consecutive: NoParams;
  set_same_suit: NoParams;
  set_too_big: NoParams;
  /**
   * A joker's stand-in: not_placed (`cards[0]` is no joker being placed), not_a_card (a face no
   * card has), same_card (two jokers, one face), set_rank (a set of `rank` cannot take
   * `cards[0]`), no_place (no layout puts jokers on `cards`), unassigned (a stored joker stands for nothing).
   */
  bad_stand_in: { why: 'not_placed' | 'not_a_card' | 'same_card' | 'set_rank' | 'no_place' | 'unassigned'; cards: string[]; rank: string | null };
  meld_too_short: NoParams;
  too_many_jokers: NoParams;
  not_a_meld: NoParams;
  set_rank: { card: string; rank: string };
  run_suit: { card: string; suit: Suit };
  bad_order: NoParams;
  swap_joker_for_joker: NoParams;
  swap_set_incomplete: NoParams;
  swap_no_joker: { card: string };
}>;
