/**
 * Mahjong hand betting: a pure, seeded, single-player engine (see RULES.md).
 * Every function returns new data and never changes its input; round records in the
 * history are deep-frozen snapshots, so later value changes never rewrite the past.
 */
import * as v from 'valibot';
import type { NoParams, RefusalsFrom } from '../../engine/types';
import { seedRng, shuffleInPlace, type RngState } from '../../cards/rng';
import { HONOUR_START_VALUE, freshDeck, isHonourTile, kindInfo, tileKind, type TileId, type TileKind } from './tiles';

export const HAND_SIZE = 4;
export const MAX_EXHAUSTIONS = 3;
/** An honour tile at or below this value ends the game. */
export const HONOUR_LOW_LIMIT = 0;
/** An honour tile at or above this value ends the game. */
export const HONOUR_HIGH_LIMIT = 10;

export const betSchema = v.picklist(['higher', 'lower']);
export type Bet = v.InferOutput<typeof betSchema>;
export type RoundOutcome = 'win' | 'loss';
export type GameOverReason = 'exhaustion' | 'honour-limit';

export interface TileSnapshot {
  readonly id: TileId;
  readonly kind: TileKind;
  readonly honour: boolean;
  readonly value: number;
}

export interface HandSnapshot {
  readonly tiles: readonly TileSnapshot[];
  readonly total: number;
}

export interface ValueChange {
  readonly id: TileId;
  readonly from: number;
  readonly to: number;
}

export interface PileCounts {
  readonly draw: number;
  readonly discard: number;
}

/** One resolved bet, frozen at the moment it resolved. */
export interface RoundRecord {
  /** 1 for the first bet of the game. */
  readonly round: number;
  readonly bet: Bet;
  /** The hand the bet was placed on, with its values at that time. */
  readonly hand: HandSnapshot;
  /** The next hand as it was revealed, before its honour values moved. */
  readonly revealed: HandSnapshot;
  readonly outcome: RoundOutcome;
  /** Honour tiles of the revealed hand whose value moved, in hand order. */
  readonly changes: readonly ValueChange[];
  /** The deal found the draw pile short and ran the reshuffle. */
  readonly reshuffled: boolean;
  /** Exhaustion counter, pile counts and score once the round is over. */
  readonly exhaustions: number;
  readonly piles: PileCounts;
  readonly score: number;
}

export interface GameOver {
  readonly reasons: readonly GameOverReason[];
  /** Honour tiles that reached a limit (empty when only the exhaustion counter ended it). */
  readonly tiles: readonly TileId[];
}

export interface MahjongState {
  readonly rng: RngState;
  /** Face-down draw pile; the next tile dealt is the first. */
  readonly draw: readonly TileId[];
  /** Face-down discard pile of used hands. */
  readonly discard: readonly TileId[];
  /** The current hand, always HAND_SIZE tiles. */
  readonly hand: readonly TileId[];
  /** Dynamic value of every honour tile instance brought into the game. */
  readonly honours: Readonly<Record<TileId, number>>;
  /** Decks brought into the game so far: 1 at the start, one more per exhaustion. */
  readonly decks: number;
  readonly exhaustions: number;
  readonly score: number;
  readonly history: readonly RoundRecord[];
  readonly over: GameOver | null;
}

/** Every bet Mahjong hand betting refuses, with its parameters (worded by web/src/games/mahjong-bet/refusals.ts). */
export type MahjongRefusal = RefusalsFrom<{
  game_over: NoParams;
  bad_bet: NoParams;
}>;

export type BetResult = { ok: true; state: MahjongState; round: RoundRecord } | { ok: false; error: MahjongRefusal };

/** Working copy while a round resolves; only ever built from a fresh copy of the input. */
interface Draft {
  rng: RngState;
  draw: TileId[];
  discard: TileId[];
  hand: TileId[];
  honours: Record<TileId, number>;
  decks: number;
  exhaustions: number;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function addDeck(draft: Draft): TileId[] {
  draft.decks += 1;
  const deck = freshDeck(draft.decks);
  for (const id of deck) if (isHonourTile(id)) draft.honours[id] = HONOUR_START_VALUE;
  return deck;
}

/**
 * Deals a hand. When the pile is short it deals what is left, then runs the reshuffle
 * (a fresh deck plus the discards become the new pile, discards emptied), counts the
 * exhaustion and finishes the deal from the new pile. Returns whether that happened.
 */
function dealHand(draft: Draft): boolean {
  const hand = draft.draw.splice(0, HAND_SIZE);
  let reshuffled = false;
  if (hand.length < HAND_SIZE) {
    const pile = [...addDeck(draft), ...draft.discard];
    draft.draw = shuffleInPlace(draft.rng, pile);
    draft.discard = [];
    draft.exhaustions += 1;
    reshuffled = true;
    hand.push(...draft.draw.splice(0, HAND_SIZE - hand.length));
  }
  draft.hand = hand;
  return reshuffled;
}

export function newGame(seed: string | number): MahjongState {
  const draft: Draft = { rng: seedRng(seed), draw: [], discard: [], hand: [], honours: {}, decks: 0, exhaustions: 0 };
  draft.draw = shuffleInPlace(draft.rng, addDeck(draft));
  dealHand(draft);
  return { ...draft, score: 0, history: [], over: null };
}

/** Numbered tiles are worth their number; honour tiles their current dynamic value. */
export function tileValue(state: Pick<MahjongState, 'honours'>, id: TileId): number {
  const info = kindInfo(tileKind(id));
  if (info.category === 'suit') return info.rank;
  const value = state.honours[id];
  if (value === undefined) throw new Error(`Unknown honour tile ${id}`);
  return value;
}

export function handSnapshot(state: Pick<MahjongState, 'honours'>, ids: readonly TileId[]): HandSnapshot {
  const tiles = ids.map((id) => ({ id, kind: tileKind(id), honour: isHonourTile(id), value: tileValue(state, id) }));
  return { tiles, total: tiles.reduce((sum, tile) => sum + tile.value, 0) };
}

export function currentHand(state: MahjongState): HandSnapshot {
  return handSnapshot(state, state.hand);
}

export function pileCounts(state: Pick<MahjongState, 'draw' | 'discard'>): PileCounts {
  return { draw: state.draw.length, discard: state.discard.length };
}

/** Both game-over conditions, checked together: the exhaustion counter and every honour value. */
export function gameOverCheck(state: Pick<MahjongState, 'exhaustions' | 'honours'>): GameOver | null {
  const reasons: GameOverReason[] = [];
  if (state.exhaustions >= MAX_EXHAUSTIONS) reasons.push('exhaustion');
  const tiles = Object.entries(state.honours)
    .filter(([, value]) => value <= HONOUR_LOW_LIMIT || value >= HONOUR_HIGH_LIMIT)
    .map(([id]) => id);
  if (tiles.length > 0) reasons.push('honour-limit');
  return reasons.length > 0 ? { reasons, tiles } : null;
}

export function betWins(bet: Bet, currentTotal: number, nextTotal: number): boolean {
  return bet === 'higher' ? nextTotal > currentTotal : nextTotal < currentTotal;
}

/**
 * Resolves one bet: the current hand is discarded, the next hand is dealt, the bet is
 * judged on the two totals (a tie loses), the revealed hand's honour tiles move by one
 * and that hand becomes current. Never throws for a bad bet and never mutates `state`.
 */
export function placeBet(state: MahjongState, bet: unknown): BetResult {
  if (state.over) return { ok: false, error: { code: 'game_over' } };
  if (!v.is(betSchema, bet)) return { ok: false, error: { code: 'bad_bet' } };

  const hand = currentHand(state);
  const draft: Draft = {
    rng: { s: [...state.rng.s] },
    draw: [...state.draw],
    discard: [...state.discard, ...state.hand],
    hand: [],
    honours: { ...state.honours },
    decks: state.decks,
    exhaustions: state.exhaustions,
  };
  const reshuffled = dealHand(draft);
  const revealed = handSnapshot(draft, draft.hand);
  const won = betWins(bet, hand.total, revealed.total);
  const changes = revealed.tiles.filter((tile) => tile.honour).map((tile) => ({ id: tile.id, from: tile.value, to: tile.value + (won ? 1 : -1) }));
  for (const change of changes) draft.honours[change.id] = change.to;

  const score = state.score + (won ? 1 : 0);
  const round: RoundRecord = deepFreeze({
    round: state.history.length + 1,
    bet,
    hand,
    revealed,
    outcome: won ? 'win' : 'loss',
    changes,
    reshuffled,
    exhaustions: draft.exhaustions,
    piles: pileCounts(draft),
    score,
  });
  const next: MahjongState = {
    ...draft,
    score,
    history: [...state.history, round],
    over: gameOverCheck(draft),
  };
  return { ok: true, state: next, round };
}

/** Tiles in play across all piles; always one full deck's size times the decks brought in. */
export function tilesInPlay(state: MahjongState): number {
  return state.draw.length + state.discard.length + state.hand.length;
}
