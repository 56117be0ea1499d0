/** Builders of Baloot states for tests: put exact cards in exact hands at any point of a round. */
import type { Seat } from '../../engine/types';
import { DECK, maskOf, maskPoints, suitIndex } from './cards';
import { apply, setup } from './engine';
import type { BalootMove, BalootOptions, BalootState, Contract, DeclaredProject, DoneTrick, Play, Suit } from './types';

export const NAMES = ['Ana', 'Bo', 'Cy', 'Di'];

export function newMatch(seed = 'test', options: Partial<BalootOptions> = {}): BalootState {
  return setup(
    NAMES.map((name) => ({ name })),
    { priority: false, target: 152, ...options },
    seed,
  );
}

/** A fresh bidding round: 5 cards per hand (seat order) and the public card; the stock is the rest. */
export function biddingState(
  hands: string[][],
  publicCard: string,
  opts: { dealer?: Seat; options?: Partial<BalootOptions>; scores?: [number, number] } = {},
): BalootState {
  const s = newMatch('bidding', opts.options);
  const used = new Set([...hands.flat(), publicCard]);
  const dealer = opts.dealer ?? 3;
  s.dealer = dealer;
  s.hands = hands.map((h) => h.slice());
  s.publicCard = publicCard;
  s.stock = DECK.filter((c) => !used.has(c));
  s.turn = (dealer + 1) % 4;
  s.scores = opts.scores ?? [0, 0];
  return s;
}

export interface PlayingOptions {
  hands: string[][];
  type?: 'sun' | 'hokum';
  trump?: Suit;
  buyer?: Seat;
  bidder?: Seat;
  dealer?: Seat;
  level?: number;
  open?: boolean;
  raiser?: Seat | null;
  leader?: Seat;
  trick?: Play[];
  tricks?: DoneTrick[];
  declared?: DeclaredProject[][];
  projectTeam?: 0 | 1 | null;
  scores?: [number, number];
  publicCard?: string;
  options?: Partial<BalootOptions>;
}

/** A round in play with the given hands (any size), contract and trick history. */
export function playingState(o: PlayingOptions): BalootState {
  const s = newMatch('playing', o.options);
  const type = o.type ?? 'sun';
  const dealer = o.dealer ?? 3;
  const buyer = o.buyer ?? 0;
  const contract: Contract = {
    type,
    trump: type === 'hokum' ? (o.trump ?? 'S') : null,
    buyer,
    bidder: o.bidder ?? buyer,
    ashkal: false,
    level: o.level ?? 1,
    open: o.open ?? true,
    raiser: o.raiser ?? null,
  };
  const trick = o.trick ?? [];
  const leader = o.leader ?? trick[0]?.seat ?? (dealer + 1) % 4;
  s.dealer = dealer;
  s.phase = 'playing';
  s.hands = o.hands.map((h) => h.slice());
  s.stock = [];
  s.publicCard = o.publicCard ?? o.hands[buyer]![0] ?? 'AS';
  s.bidding = null;
  s.contract = contract;
  s.doubling = null;
  s.leader = leader;
  s.trick = trick;
  s.turn = (leader + trick.length) % 4;
  s.tricks = o.tricks ?? [];
  s.declared = o.declared ?? [[], [], [], []];
  s.projectTeam = o.projectTeam ?? null;
  s.scores = o.scores ?? [0, 0];
  if (type === 'hokum') {
    const t = contract.trump!;
    const holder = s.hands.findIndex((h) => h.includes(`K${t}`) && h.includes(`Q${t}`));
    s.balootHolder = holder >= 0 ? holder : null;
  }
  return s;
}

/** Earlier tricks for a state built mid-round: winners and their card points (cards are placeholders). */
export function pastTricks(entries: { winner: Seat; points: number }[]): DoneTrick[] {
  return entries.map((e) => ({ leader: e.winner, plays: [], winner: e.winner, points: e.points }));
}

/**
 * Earlier tricks made of the cards that are in no hand, grouped by suit, so that a seat's
 * view of the round is complete (the bot reads played cards from the tricks).
 */
export function realPastTricks(hands: string[][], trump?: Suit): DoneTrick[] {
  const held = new Set(hands.flat());
  const rest = DECK.filter((c) => !held.has(c));
  const t = trump ? suitIndex(trump) : -1;
  const out: DoneTrick[] = [];
  for (let i = 0; i + 4 <= rest.length; i += 4) {
    const leader = out.length % 4;
    const cards = rest.slice(i, i + 4);
    out.push({
      leader,
      plays: cards.map((card, k) => ({ seat: (leader + k) % 4, card })),
      winner: leader,
      points: maskPoints(maskOf(cards), t),
    });
  }
  return out;
}

/** Card points still in the hands (so that earlier tricks can make up the rest of 120 / 152). */
export function pointsInHands(hands: string[][], trump?: Suit): number {
  return maskPoints(maskOf(hands.flat()), trump ? suitIndex(trump) : -1);
}

/** Card points the earlier tricks of a round must hold, given what is still in hand. */
export function pointsPlayed(hands: string[][], trump?: Suit): number {
  return (trump ? 152 : 120) - pointsInHands(hands, trump);
}

/** Apply a move that must succeed. */
export function must(s: BalootState, seat: Seat, move: BalootMove): BalootState {
  const r = apply(s, seat, move);
  if (!r.ok) throw new Error(`${move.type} by seat ${seat} refused: ${JSON.stringify(r.error)}`);
  return r.state;
}

/** The error code a move is refused with (null when accepted). */
export function refusal(s: BalootState, seat: Seat, move: BalootMove): string | null {
  const r = apply(s, seat, move);
  return r.ok ? null : r.error.code;
}

/** Apply a sequence of [seat, move] pairs. */
export function run(s: BalootState, moves: [Seat, BalootMove][]): BalootState {
  return moves.reduce((acc, [seat, move]) => must(acc, seat, move), s);
}

export const play = (card: string): BalootMove => ({ type: 'play', card });
export const pass: BalootMove = { type: 'bid', bid: 'pass' };

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}
