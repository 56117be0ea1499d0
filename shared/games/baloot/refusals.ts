import type { Suit } from '../../cards/playing-cards';
import type { NoParams, RefusalsFrom } from '../../engine/types';
import type { DoubleLevel } from './types';

/**
 * Every move Baloot refuses, with the parameters its browser folder words it with
 * (web/src/games/baloot/refusals.ts): card ids, suits, seats and levels, never sentences.
 */
export type BalootRefusal = RefusalsFrom<{
  game_over: NoParams;
  bad_seat: NoParams;
  bad_move: NoParams;
  /** `seat`: whose turn it is; a Sawa's answer is refused to the claimant's team (`partner`) or a seat that answered (`answered`). */
  not_your_turn: { seat: number | null; why: 'turn' | 'sawa_partner' | 'sawa_answered' };
  /** `why`: the bidding is over, or the hand holds more than 7s, 8s and 9s. */
  kawesh_not_allowed: { why: 'bidding_over' | 'hand' };
  not_bidding: NoParams;
  /** keep_or_sun: everyone passed a lone Hokum; sun_claim: `seat` bid Sun first; not_a_bid. */
  bad_bid: { why: 'keep_or_sun' | 'sun_claim' | 'not_a_bid'; seat: number | null };
  /** `seat` already bid Hokum. */
  bid_too_low: { seat: number };
  /** Round 1: Hokum must be in `suit` (the public card's); round 2: it cannot be. */
  wrong_suit: { round: 1 | 2; suit: Suit };
  suit_required: NoParams;
  ashkal_not_allowed: { why: 'round' | 'position' };
  not_doubling: NoParams;
  wrong_level: { expected: DoubleLevel; level: DoubleLevel };
  declare_window_closed: NoParams;
  already_declared: NoParams;
  no_project: NoParams;
  sawa_pending: NoParams;
  not_playing: NoParams;
  card_not_in_hand: { card: string };
  must_follow_suit: { led: Suit };
  must_trump: { led: Suit; trump: Suit };
  must_overtrump: NoParams;
  closed_trump_lead: { trump: Suit };
  sawa_not_allowed: { why: 'phase' | 'first_trick' | 'claimed' };
  no_sawa: NoParams;
}>;
