import type { Suit } from '../../cards/playing-cards';
import type { NoParams, RefusalsFrom } from '../../engine/types';

type Kind = 'run' | 'set';
/** Why a turn cannot end on a card: what the browser words after "no legal discard". */
export type DiscardBlock = 'pick_not_placed' | 'joker_not_placed' | 'no_lock' | 'joker_last';

/**
 * Every move Dhappa Baaji refuses, with the parameters its browser folder words it with
 * (web/src/games/dhappa/refusals.ts): card ids, faces ("7S"), suits, runs and numbers, never
 * sentences. `blockers` in a seat's view are among them.
 */
export type DhappaRefusal = RefusalsFrom<{
  game_over: NoParams;
  not_your_turn: { seat: number };
  already_picked: NoParams;
  pick_first: NoParams;
  pile_empty: NoParams;
  nothing_to_undo: NoParams;
  /** The engine threw: a bug, worded as "could not be played". */
  internal: NoParams;
  discard_empty: NoParams;
  bad_count: { count: number; max: number };
  /**
   * `card`, the deepest of a `count`-pick, cannot reach the table: only after opening, with
   * nothing to open with (open_first); a wild with no way to open (wild); only by leaving no
   * legal discard (no_discard); it fits nothing (no_fit).
   */
  pick_unplayable: { card: string; count: number; why: 'open_first' | 'wild' | 'no_discard' | 'no_fit' };
  not_your_team: NoParams;
  no_such_run: { run: string };
  /** `card`: the face the meld already holds; null: the same card named twice. */
  duplicate_card: { card: string | null; kind: Kind | null };
  card_not_in_hand: { card: string };
  /** What waits for the opening: wild cards in a meld, adding, merging, swapping. */
  not_opened: { action: 'wild' | 'add' | 'merge' | 'swap' };
  merge_same: NoParams;
  pick_not_placed: { card: string };
  joker_not_placed: NoParams;
  /** `clean`: runs with at most 2 wilds; `wilds`: wilds in the best 3 of them. */
  no_lock: { clean: number; wilds: number };
  joker_last: NoParams;
  keep_a_card: NoParams;
  no_discard_left: { card: string; why: DiscardBlock };
  /** ace_high: an ace low; edge: past the ace or a 2 as a natural card. */
  no_wrap: { why: 'ace_high' | 'edge' };
  wilds_adjacent: NoParams;
  run_too_long: { max: number };
  not_consecutive: NoParams;
  too_many_wilds: NoParams;
  /**
   * A wild's stand-in: not_placed (`cards[0]` is no wild being placed), not_a_card (a face no
   * card has), same_card, no_place (no layout puts wilds on `cards`), set_rank (a set of `rank`
   * cannot take `cards[0]`).
   */
  bad_stand_in: { why: 'not_placed' | 'not_a_card' | 'same_card' | 'no_place' | 'set_rank'; cards: string[]; rank: string | null };
  meld_too_short: NoParams;
  /** `rank` null: `cards` (two) would be a set of a rank other than aces and 3s; else `cards[0]` is not of the set's `rank`. */
  set_rank: { cards: string[]; rank: string | null };
  not_a_meld: NoParams;
  set_same_suit: NoParams;
  set_too_big: NoParams;
  no_cards: NoParams;
  /** A joker stands for `card` (a face) in this meld. */
  swap_instead: { card: string; kind: Kind };
  run_suit: { card: string; suit: Suit };
  one_shift: NoParams;
  shift_with_wilds: NoParams;
  /** `two` stands for `card` (a face) and has nowhere to move. */
  no_room_for_two: { two: string; card: string; kind: Kind };
  choose_shift: { two: string; card: string };
  /** `shift`: the end asked for; the other is the only one open. */
  bad_shift: { two: string; card: string; shift: 'low' | 'high' };
  merge_sets: NoParams;
  merge_suits: { suits: Suit[] };
  merge_overlap: NoParams;
  merge_gap: NoParams;
  swap_natural: NoParams;
  static_two: { card: string; kind: Kind };
  swap_no_joker: { card: string; kind: Kind };
}>;
