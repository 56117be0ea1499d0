import { cardRefusal } from '../../../../shared/games/baloot/engine';
import type { BalootRefusal } from '../../../../shared/games/baloot/refusals';
import type { BalootView } from '../../../../shared/games/baloot/types';
import type { RefusalContext } from '../refusals';
import { refusals } from './refusals';

/**
 * Why a greyed card of the hand cannot be played now, in the reader's language: the engine's
 * own refusal of it (follow suit, trump, overtrump, Closed), worded as the room would word it.
 * Null when the card may be played or no card is asked for.
 */
export function whyNotPlayable(view: BalootView, card: string, locale: 'en' | 'ar', ctx: RefusalContext): string | null {
  if (view.phase !== 'playing' || !view.contract || view.seat === null || view.turn !== view.seat) return null;
  const refusal = cardRefusal(view.hand, view.trick?.plays ?? [], view.contract, card);
  if (!refusal) return null;
  const word = refusals[locale][refusal.code] as (r: BalootRefusal, ctx: RefusalContext) => string;
  return word(refusal, ctx);
}
