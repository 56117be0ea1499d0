import type { NoParams, RefusalsFrom } from '../../engine/types';
import type { Colour } from './cards';

/**
 * Every move Eights refuses, with the parameters its browser folder words it with
 * (web/src/games/eights/refusals.ts): card ids, seats and numbers, never sentences.
 */
export type EightsRefusal = RefusalsFrom<{
  no_such_seat: NoParams;
  game_over: NoParams;
  /** `seat`: whose turn it is. */
  not_your_turn: { seat: number };
  card_not_in_hand: { card: string };
  /** `card`: the card drawn, the only one that may be played. */
  must_play_drawn_or_keep: { card: string };
  colour_required: { card: string };
  colour_not_allowed: NoParams;
  must_take: { count: number };
  must_stack_or_take: { count: number };
  reverse_limit: { limit: number };
  /** `top`: the discard's top card; `colour`: the colour to follow. */
  card_not_playable: { card: string; top: string; colour: Colour };
  already_drawn: NoParams;
  nothing_to_keep: NoParams;
  cannot_catch_self: NoParams;
  nothing_to_catch: { seat: number };
}>;
