/**
 * Baloot's hint: the Normal bot's move for the seat (it decides from the seat's view, with a
 * random generator seeded from the public position so the same position gets the same hint),
 * and why, as a reason code with parameters that the browser words: the bid and what the hand
 * holds for it, the rule that binds the card (follow suit, trump, overtrump) or the aim (win
 * the trick, give the partner points, lead the master card).
 */
import { Rng } from '../../cards/rng';
import { suitOf, type Suit } from '../../cards/playing-cards';
import type { Hint, NoParams, RefusalsFrom, Seat } from '../../engine/types';
import { decide } from './bot';
import { SUIT_MASK, cardIndex, cardPoints, higherMask, maskOf, suitName } from './cards';
import { apply, declareOptions, doubleOption, partnerOf, timeoutMove, trumpOf } from './engine';
import type { ProjectKind } from './projects';
import { beats, legalMask, trickWinnerIndex } from './rules';
import type { BalootMove, BalootState, DoubleLevel } from './types';

/** Why a hinted move (web/src/games/baloot/hints.ts words each in English and Arabic). */
export type BalootHintWhy = RefusalsFrom<{
  /** A first hand of only 7s, 8s and 9s: a redeal is worth more. */
  kawesh: NoParams;
  /** Hokum in `suit`: with the public card the buyer would hold `trumps` trumps, `high` the strong ones (J, 9, A). */
  bid_hokum: { suit: Suit; trumps: number; high: string[] };
  /** Sun: `aces` aces and `tens` tens (the public card counted) take tricks without trumps. */
  bid_sun: { aces: number; tens: number };
  /** Ashkal: Sun, the public card going to the partner. */
  bid_ashkal: { aces: number };
  /** Keep the standing Hokum rather than switch to Sun. */
  keep_hokum: { suit: Suit };
  /** Too weak to buy: let the others bid. */
  bid_pass: NoParams;
  double: { level: DoubleLevel };
  no_double: { level: DoubleLevel };
  /** Declare the projects (`kinds`) before the first card: the best team's projects score. */
  declare: { kinds: ProjectKind[] };
  /** Every remaining trick is surely yours: claim them. */
  sawa: NoParams;
  sawa_accept: NoParams;
  sawa_refuse: NoParams;
  /** Leading: `card` is the highest card of its suit still out. */
  lead_master: { card: string };
  /** Leading a trump draws the opponents' trumps. */
  lead_trump: { card: string; trump: Suit };
  /** Leading low: keep the high cards for later. */
  lead_low: { card: string };
  /** Must follow `led`, and `card` takes the lead in the trick. */
  follow_win: { card: string; led: Suit };
  /** Must follow `led`; the partner is winning, so `card` gives them points. */
  follow_points: { card: string; led: Suit };
  /** Must follow `led` and cannot take the trick: a low card. */
  follow_low: { card: string; led: Suit };
  /** No `led` in hand and an opponent is winning: a trump must be played. */
  must_trump: { card: string; led: Suit; trump: Suit };
  /** An opponent's trump is winning: a higher trump must be played if held. */
  overtrump: { card: string; trump: Suit };
  /** No `led` in hand: trumping takes the trick. */
  ruff: { card: string; led: Suit; trump: Suit };
  /** No `led` in hand and the partner is winning: give them points. */
  give_points: { card: string; led: Suit };
  /** No `led` in hand: throw away the least useful card. */
  discard_low: { card: string; led: Suit };
}>;

type BalootHint = Hint<BalootMove> & { why: BalootHintWhy };

/** The bot's random generator for a hint: the same public position always gets the same hint. */
function hintRng(s: BalootState, seat: Seat): Rng {
  return new Rng(`hint:${s.roundNo}:${s.phase}:${s.bidding?.bids.length ?? 0}:${s.tricks.length}:${s.trick.length}:${seat}`);
}

/** The seat's cards with the public card, which the buyer takes. */
function buyingHand(s: BalootState, seat: Seat): string[] {
  return [...s.hands[seat]!, s.publicCard];
}

function bidWhy(s: BalootState, seat: Seat, move: Extract<BalootMove, { type: 'bid' }>): BalootHintWhy {
  const stage = s.bidding?.stage;
  if (move.bid === 'pass') return { code: 'bid_pass' };
  if (move.bid === 'hokum') {
    const suit = move.suit ?? s.bidding?.hokum?.suit ?? suitOf(s.publicCard);
    if (stage === 'switch') return { code: 'keep_hokum', suit };
    const trumps = buyingHand(s, seat).filter((c) => suitOf(c) === suit);
    const high = ['J', '9', 'A'].map((r) => `${r}${suit}`).filter((c) => trumps.includes(c));
    return { code: 'bid_hokum', suit, trumps: trumps.length, high };
  }
  const hand = move.bid === 'ashkal' ? s.hands[seat]! : buyingHand(s, seat);
  const aces = hand.filter((c) => c[0] === 'A').length;
  if (move.bid === 'ashkal') return { code: 'bid_ashkal', aces };
  return { code: 'bid_sun', aces, tens: hand.filter((c) => c[0] === 'T').length };
}

/** Whether no card of `card`'s suit above it is still out (in another hand). */
function isMaster(s: BalootState, seat: Seat, card: number, trump: number): boolean {
  const seen = maskOf(s.hands[seat]!) | maskOf(s.tricks.flatMap((t) => t.plays.map((p) => p.card))) | maskOf(s.trick.map((p) => p.card));
  return (higherMask(card, trump) & ~seen) === 0;
}

function playWhy(s: BalootState, seat: Seat, name: string): BalootHintWhy {
  const trump = trumpOf(s.contract);
  const trumpSuit = trump >= 0 ? suitName(trump) : null;
  const card = cardIndex(name);
  const suit = suitOf(name);
  if (s.trick.length === 0) {
    if (trumpSuit && suit === trumpSuit) return { code: 'lead_trump', card: name, trump: trumpSuit };
    return isMaster(s, seat, card, trump) ? { code: 'lead_master', card: name } : { code: 'lead_low', card: name };
  }
  const trick = s.trick.map((p) => cardIndex(p.card));
  const led = suitOf(s.trick[0]!.card);
  const winI = trickWinnerIndex(trick, trump);
  const winning = trick[winI]!;
  const partnerWinning = s.trick[winI]!.seat === partnerOf(seat);
  const hand = maskOf(s.hands[seat]!);
  const holdsLed = s.hands[seat]!.some((c) => suitOf(c) === led);
  const points = cardPoints(card, trump);
  if (holdsLed) {
    if (!partnerWinning && beats(card, winning, trump)) return { code: 'follow_win', card: name, led };
    if (partnerWinning && points >= 10) return { code: 'follow_points', card: name, led };
    return { code: 'follow_low', card: name, led };
  }
  if (trumpSuit && suit === trumpSuit) {
    const trumps = SUIT_MASK[trump]!;
    // Forced: the hand holds other suits, yet only trumps may be played.
    const forced = (hand & ~trumps) !== 0 && (legalMask(hand, trick, trump, false) & ~trumps) === 0;
    if (!partnerWinning && winning >> 3 === trump && beats(card, winning, trump)) return { code: 'overtrump', card: name, trump: trumpSuit };
    if (forced) return { code: 'must_trump', card: name, led, trump: trumpSuit };
    return { code: 'ruff', card: name, led, trump: trumpSuit };
  }
  if (partnerWinning && points >= 10) return { code: 'give_points', card: name, led };
  return { code: 'discard_low', card: name, led };
}

/** Why `move` (legal for `seat`) would be a hint now. */
export function hintWhy(s: BalootState, seat: Seat, move: BalootMove): BalootHintWhy {
  switch (move.type) {
    case 'kawesh':
      return { code: 'kawesh' };
    case 'bid':
      return bidWhy(s, seat, move);
    case 'double':
      return { code: 'double', level: move.level };
    case 'noDouble':
      return { code: 'no_double', level: doubleOption(s, seat)?.level ?? 'double' };
    case 'declare':
      return { code: 'declare', kinds: (declareOptions(s, seat) ?? []).map((p) => p.kind) };
    case 'sawa':
      return { code: 'sawa' };
    case 'sawaAnswer':
      return { code: move.accept ? 'sawa_accept' : 'sawa_refuse' };
    case 'play':
      return playWhy(s, seat, move.card);
  }
}

/** A legal, sensible move for `seat` and why; null when the seat has nothing to do. */
export function hint(s: BalootState, seat: Seat): BalootHint | null {
  const candidates: BalootMove[] = [];
  if (s.phase !== 'over') candidates.push(decide(s, seat, hintRng(s, seat)));
  const fallback = timeoutMove(s, seat);
  if (fallback) candidates.push(fallback);
  for (const move of candidates) {
    if (!apply(s, seat, move).ok) continue;
    return { move, why: hintWhy(s, seat, move) };
  }
  return null;
}
