/**
 * What a seat knows about the hidden cards, built from its view only: its own hand, the
 * cards played, cards known to sit in a hand (the public card with the buyer, counted
 * projects, a Sawa claimant's hand), and cards a seat cannot hold (shown voids, failures
 * to trump or overtrump, a trump lead in a Closed game). Then deals of the unseen cards
 * consistent with all that.
 */
import { Rng } from '../../../cards/rng';
import type { Seat } from '../../../engine/types';
import { FULL_MASK, SUIT_MASK, cardIndex, higherMask, indicesOf, maskOf, popcount, suitIndex } from '../cards';
import { beats, trickWinnerIndex } from '../rules';
import type { Pair } from '../scoring';
import type { BalootKnowledge } from '../types';

export interface Knowledge {
  me: Seat;
  trump: number;
  closed: boolean;
  hand: number;
  /** Cards each other seat is known to hold. */
  known: number[];
  /** Cards each other seat cannot hold. */
  forbidden: number[];
  /** Cards each seat holds. */
  counts: number[];
  /** Cards still hidden somewhere (not mine, not played, not known). */
  unknown: number;
  leader: Seat;
  trick: number[];
  done: number;
  raw: Pair;
  won: Pair;
}

function noteTrick(k: Knowledge, leader: Seat, cards: readonly number[]): void {
  const trump = k.trump;
  if (trump >= 0 && k.closed && cards.length > 0 && cards[0]! >> 3 === trump) {
    // A trump lead in a Closed game means the leader had nothing else.
    k.forbidden[leader] = k.forbidden[leader]! | ~SUIT_MASK[trump]!;
  }
  for (let i = 1; i < cards.length; i++) {
    const seat = (leader + i) % 4;
    const card = cards[i]!;
    const before = cards.slice(0, i);
    const led = before[0]! >> 3;
    const winI = trickWinnerIndex(before, trump);
    const winning = before[winI]!;
    const partnerWinning = i >= 2 && winI === i - 2;
    let no = 0;
    if (card >> 3 !== led) {
      no |= SUIT_MASK[led]!;
      if (trump >= 0 && led !== trump && !partnerWinning) {
        if (card >> 3 !== trump) no |= SUIT_MASK[trump]!;
        else if (winning >> 3 === trump && !beats(card, winning, trump)) no |= higherMask(winning, trump);
      }
    } else if (led === trump && !partnerWinning && !beats(card, winning, trump)) {
      no |= higherMask(winning, trump);
    }
    k.forbidden[seat] = k.forbidden[seat]! | no;
  }
}

export function knowledgeFromView(v: BalootKnowledge): Knowledge {
  const me = v.seat!;
  const c = v.contract;
  const trump = c && c.type === 'hokum' && c.trump ? suitIndex(c.trump) : -1;
  const k: Knowledge = {
    me,
    trump,
    closed: !!c && c.type === 'hokum' && !c.open,
    hand: maskOf(v.hand),
    known: [0, 0, 0, 0],
    forbidden: [0, 0, 0, 0],
    counts: v.handCounts.slice(),
    unknown: 0,
    leader: v.trick?.leader ?? (v.dealer + 1) % 4,
    trick: v.trick ? v.trick.plays.map((p) => cardIndex(p.card)) : [],
    done: v.tricks.length,
    raw: [v.cardPoints[0], v.cardPoints[1]],
    won: [v.tricksWon[0], v.tricksWon[1]],
  };
  let played = 0;
  for (const t of v.tricks) {
    const cards = t.plays.map((p) => cardIndex(p.card));
    for (const x of cards) played |= 1 << x;
    noteTrick(k, t.leader, cards);
  }
  for (const x of k.trick) played |= 1 << x;
  if (v.trick) noteTrick(k, v.trick.leader, k.trick);

  const place = (seat: Seat, mask: number) => {
    if (seat !== me) k.known[seat] = k.known[seat]! | (mask & ~played);
  };
  if (c) place(c.buyer, maskOf([v.publicCard]));
  for (const p of v.projects) if (p.cards) place(p.seat, maskOf(p.cards));
  if (v.sawa) place(v.sawa.claimant, maskOf(v.sawa.hand));
  const knownAll = k.known[0]! | k.known[1]! | k.known[2]! | k.known[3]!;
  k.unknown = FULL_MASK & ~k.hand & ~played & ~knownAll;
  for (let s = 0; s < 4; s++) k.forbidden[s] = k.forbidden[s]! & ~k.known[s]!;
  return k;
}

/**
 * One deal of the unseen cards that fits what the seat knows. Cards with the fewest
 * possible holders are placed first; a seat is picked in proportion to its free room.
 * If the constraints cannot be met after a few tries they are dropped (never seen in practice).
 */
export function sampleHands(k: Knowledge, rng: Rng): number[] {
  const cards = indicesOf(k.unknown);
  const need = [0, 1, 2, 3].map((s) => (s === k.me ? 0 : k.counts[s]! - popcount(k.known[s]!)));
  const options = cards.map((c) => {
    let n = 0;
    for (let s = 0; s < 4; s++) if (need[s]! > 0 && (k.forbidden[s]! & (1 << c)) === 0) n++;
    return n;
  });
  const order = cards.map((_, i) => i);
  for (let attempt = 0; attempt < 24; attempt++) {
    const strict = attempt < 20;
    rng.shuffle(order);
    if (strict) order.sort((a, b) => options[a]! - options[b]!);
    const hands = k.known.slice();
    hands[k.me] = k.hand;
    const room = need.slice();
    let ok = true;
    for (const i of order) {
      const card = cards[i]!;
      let total = 0;
      for (let s = 0; s < 4; s++) if (room[s]! > 0 && (!strict || (k.forbidden[s]! & (1 << card)) === 0)) total += room[s]!;
      if (total === 0) {
        ok = false;
        break;
      }
      let x = rng.int(total);
      for (let s = 0; s < 4; s++) {
        if (room[s]! <= 0 || (strict && (k.forbidden[s]! & (1 << card)) !== 0)) continue;
        x -= room[s]!;
        if (x < 0) {
          hands[s] = hands[s]! | (1 << card);
          room[s] = room[s]! - 1;
          break;
        }
      }
    }
    if (ok) return hands;
  }
  throw new Error('cannot place the unseen cards');
}
