/**
 * Fast playouts for the bot: a round played to the end on card masks by a simple
 * full-information policy, then scored with the real scoring rules. The bot runs these on
 * sampled deals (determinization), so "full information" here means the sample's cards.
 */
import { SUIT_MASK, cardPoints, higherMask, strength } from '../cards';
import { beatingMask, cheapestCard, legalMask, trickPoints, trickWinnerIndex } from '../rules';
import { LAST_TRICK_BONUS, scoreRound, type Pair, type RoundScore, type Team } from '../scoring';

/** Everything about the round that does not change during a playout. */
export interface SimRound {
  sun: boolean;
  trump: number;
  closed: boolean;
  buyerTeam: Team;
  multiplier: number;
  raiserTeam: Team | null;
  projectPoints: Pair;
  projectRaw: Pair;
  projectTeam: Team | null;
  baloot: Pair;
  /** Team whose Sawa was refused: it loses the round (Qayd) as soon as it loses a trick. */
  sawaTeam: Team | null;
}

export interface SimState {
  hands: number[];
  leader: number;
  trick: number[];
  raw: Pair;
  won: Pair;
  done: number;
  qayd: Team | null;
}

export function cloneSim(s: SimState): SimState {
  return {
    hands: s.hands.slice(),
    leader: s.leader,
    trick: s.trick.slice(),
    raw: [s.raw[0], s.raw[1]],
    won: [s.won[0], s.won[1]],
    done: s.done,
    qayd: s.qayd,
  };
}

export function playCard(s: SimState, r: SimRound, seat: number, card: number): void {
  s.hands[seat] = s.hands[seat]! & ~(1 << card);
  s.trick.push(card);
  if (s.trick.length < 4) return;
  const winner = (s.leader + trickWinnerIndex(s.trick, r.trump)) & 3;
  const team = (winner & 1) as Team;
  s.raw[team] += trickPoints(s.trick, r.trump) + (s.done === 7 ? LAST_TRICK_BONUS : 0);
  s.won[team] += 1;
  s.done += 1;
  s.leader = winner;
  s.trick = [];
  if (r.sawaTeam !== null && team !== r.sawaTeam) s.qayd = r.sawaTeam;
}

export function playOut(s: SimState, r: SimRound): void {
  while (s.done < 8 && s.qayd === null) {
    const seat = (s.leader + s.trick.length) & 3;
    const legal = legalMask(s.hands[seat]!, s.trick, r.trump, r.closed);
    playCard(s, r, seat, choose(s, r, seat, legal));
  }
}

/** A finished playout scored by the real scoring rules. */
export function scoreOf(s: SimState, r: SimRound): RoundScore {
  return scoreRound({
    sun: r.sun,
    buyerTeam: r.buyerTeam,
    multiplier: r.multiplier,
    raiserTeam: r.raiserTeam,
    raw: s.raw,
    tricks: s.won,
    projectPoints: r.projectPoints,
    projectRaw: r.projectRaw,
    projectTeam: r.projectTeam,
    baloot: r.baloot,
    qaydOffender: s.qayd,
  });
}

/** Game points of a finished playout for `team` minus the other team's. */
export function evaluate(s: SimState, r: SimRound, team: Team): number {
  const res = scoreOf(s, r);
  return res.awarded[team] - res.awarded[team === 0 ? 1 : 0];
}

/* ------------------------------------------------------------------ playout policy */

function strongest(mask: number, trump: number): number {
  let best = -1;
  let bestStrength = -1;
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    const c = 31 - Math.clz32(low);
    const st = strength(c, trump) + (c >> 3 === trump ? 8 : 0);
    if (st > bestStrength) {
      bestStrength = st;
      best = c;
    }
    m ^= low;
  }
  return best;
}

/** Whether a hand holds a card that may legally take the trick from `card`. */
export function canBeat(hand: number, card: number, led: number, trump: number): boolean {
  const follow = hand & SUIT_MASK[led]!;
  if (follow !== 0) return card >> 3 === led && (follow & higherMask(card, trump)) !== 0;
  if (trump < 0) return false;
  const trumps = hand & SUIT_MASK[trump]!;
  if (trumps === 0) return false;
  return card >> 3 !== trump || (trumps & higherMask(card, trump)) !== 0;
}

/** The card worth most to a trick the partner surely wins; keeps trumps and sure winners for later. */
function mostPoints(mask: number, trump: number, others: number): number {
  const plain = trump >= 0 ? mask & ~SUIT_MASK[trump]! : mask;
  if (plain === 0) return cheapestCard(mask, trump);
  // Cards that would not win a trick later go first.
  let spare = 0;
  let m = plain;
  while (m !== 0) {
    const low = m & -m;
    if ((higherMask(31 - Math.clz32(low), trump) & others) !== 0) spare |= low;
    m ^= low;
  }
  let best = -1;
  let bestKey = -1;
  m = spare !== 0 ? spare : plain;
  while (m !== 0) {
    const low = m & -m;
    const c = 31 - Math.clz32(low);
    const key = cardPoints(c, trump) * 16 + 15 - strength(c, trump);
    if (key > bestKey) {
      bestKey = key;
      best = c;
    }
    m ^= low;
  }
  return best;
}

function lead(s: SimState, r: SimRound, seat: number, legal: number): number {
  const trump = r.trump;
  const others = s.hands[(seat + 1) & 3]! | s.hands[(seat + 2) & 3]! | s.hands[(seat + 3) & 3]!;
  const left = s.hands[(seat + 1) & 3]!;
  const right = s.hands[(seat + 3) & 3]!;
  if (trump >= 0) {
    const myTrumps = legal & SUIT_MASK[trump]!;
    if (myTrumps !== 0 && ((left | right) & SUIT_MASK[trump]!) !== 0) {
      const top = strongest(myTrumps, trump);
      if ((higherMask(top, trump) & others) === 0) return top;
    }
  }
  let best = -1;
  let bestPoints = -1;
  for (let suit = 0; suit < 4; suit++) {
    if (suit === trump) continue;
    const mine = legal & SUIT_MASK[suit]!;
    if (mine === 0) continue;
    const top = strongest(mine, trump);
    if ((higherMask(top, trump) & others) !== 0) continue;
    if (trump >= 0) {
      const ruffable = (h: number) => (h & SUIT_MASK[suit]!) === 0 && (h & SUIT_MASK[trump]!) !== 0;
      if (ruffable(left) || ruffable(right)) continue;
    }
    const pts = cardPoints(top, trump);
    if (pts > bestPoints) {
      bestPoints = pts;
      best = top;
    }
  }
  if (best >= 0) return best;
  return cheapestCard(legal, trump);
}

/** The playout policy: cash safe winners, win cheaply, feed points to a safe partner, else discard low. */
export function choose(s: SimState, r: SimRound, seat: number, legal: number): number {
  if ((legal & (legal - 1)) === 0) return 31 - Math.clz32(legal);
  const trump = r.trump;
  const n = s.trick.length;
  if (n === 0) return lead(s, r, seat, legal);
  const led = s.trick[0]! >> 3;
  const winI = trickWinnerIndex(s.trick, trump);
  const winning = s.trick[winI]!;
  const nextHand = s.hands[(seat + 1) & 3]!;
  if (winI === n - 2) {
    const safe = n === 3 || !canBeat(nextHand, winning, led, trump);
    if (!safe) return cheapestCard(legal, trump);
    const others = s.hands[(seat + 1) & 3]! | s.hands[(seat + 2) & 3]! | s.hands[(seat + 3) & 3]!;
    return mostPoints(legal, trump, others);
  }
  const winners = legal & beatingMask(winning, trump);
  if (winners === 0) return cheapestCard(legal, trump);
  if (n === 3) return cheapestCard(winners, trump);
  let safe = 0;
  let m = winners;
  while (m !== 0) {
    const low = m & -m;
    if (!canBeat(nextHand, 31 - Math.clz32(low), led, trump)) safe |= low;
    m ^= low;
  }
  return safe !== 0 ? cheapestCard(safe, trump) : cheapestCard(legal, trump);
}
