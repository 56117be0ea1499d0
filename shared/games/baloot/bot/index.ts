/**
 * The Baloot bot. It decides from the seat's view only (never the state), with
 * determinized search: deal the unseen cards in ways that fit what the seat knows, play
 * each sample to the end with a fast policy (sim.ts), and pick the choice with the best
 * average score. Bidding and doubling use the same playouts to estimate a hand's worth.
 */
import type { Rng } from '../../../cards/rng';
import type { BotLevel, Seat } from '../../../engine/types';
import { FULL_MASK, RANK_A, RANK_J, RANK_T, SUIT_MASK, cardIndex, cardName, higherMask, indicesOf, maskOf, popcount, suitIndex } from '../cards';
import { GAHWA, bidPosition, multiplierOf, teamOf } from '../engine';
import { PROJECT_RAW, bestProjects, projectGamePoints, type ProjectKind } from '../projects';
import { cheapestCard, cheapness } from '../rules';
import { BALOOT_POINTS, scoreRound, type Pair, type Team } from '../scoring';
import type { BalootMove, BalootState, BalootKnowledge, BidOption, DoubleLevel } from '../types';
import { knowledge } from '../view';
import { easyFromView } from './easy';
import { knowledgeFromView, sampleHands, type Knowledge } from './knowledge';
import { cloneSim, evaluate, playCard, playOut, scoreOf, type SimRound, type SimState } from './sim';
import { matchWinChance } from './match';
import { solve } from './solve';

/** Knobs of the bot; the defaults are what the game uses. */
export interface BotParams {
  /** Playouts shared among the legal cards of one play decision. */
  playBudget: number;
  minSamples: number;
  maxSamples: number;
  /** Sampled deals per bidding or doubling decision. */
  bidSamples: number;
  doubleSamples: number;
  /** Expected game-point margin a contract must promise before the bot buys it. */
  hokumThreshold: number;
  sunThreshold: number;
  /** Chance of winning the round needed before each raise. */
  raiseConfidence: Record<DoubleLevel, number>;
  /**
   * Read the winning bid when dealing the unseen cards: a Hokum bidder likely holds trumps,
   * a Sun bidder Aces and Tens (deals that do not fit are redrawn, up to a few times).
   */
  inferBids?: boolean;
  /** Strong: once this seat holds at most this many cards, solve each sampled deal exactly (solve.ts) instead of playing it out. */
  endgameCards?: number;
  /** Sampled deals per exact endgame decision. */
  endgameSamples?: number;
  /**
   * Strong: raise when it raises the chance of winning the match (match.ts) by more than this,
   * and the round is won in at least `raiseFloor` of the sampled deals; `raiseConfidence` is then unused.
   */
  raiseEdge?: number;
  raiseFloor?: number;
  /**
   * Strong: weigh a contract's sampled results by what they do to the chance of winning the match
   * (match.ts), in game points' worth at the current totals, instead of by their points alone.
   */
  matchBids?: boolean;
  /** Strong: when dealing the others' first hands for a bid, read the passes so far (passFit). */
  readPasses?: boolean;
}

export const DEFAULT_PARAMS: BotParams = {
  playBudget: 800,
  minSamples: 24,
  maxSamples: 120,
  bidSamples: 40,
  doubleSamples: 48,
  hokumThreshold: 1,
  sunThreshold: 2,
  raiseConfidence: { double: 0.65, triple: 0.72, four: 0.78, gahwa: 0.9 },
};

/**
 * Strong, screened on duplicate deals against Normal (scripts/baloot-strong-proxy.ts): more
 * playouts, the last four tricks solved exactly, the winning bid and the passes read when it deals
 * the unseen cards, and bids and raises weighed by the chance of winning the match, not the round's
 * points (a sure Gahwa taken, no Double that only risks the match). Slightly bolder bidding than Normal.
 */
export const STRONG_PARAMS: BotParams = {
  playBudget: 6000,
  minSamples: 80,
  maxSamples: 500,
  bidSamples: 200,
  doubleSamples: 200,
  hokumThreshold: 0,
  sunThreshold: 1,
  raiseConfidence: { double: 0.75, triple: 0.8, four: 0.85, gahwa: 0.95 },
  inferBids: true,
  endgameCards: 4,
  endgameSamples: 60,
  raiseEdge: 0.005,
  raiseFloor: 0.6,
  matchBids: true,
  readPasses: true,
};

/** The game's bot at a level: Easy plays rules of thumb, Normal and Strong search. */
export function botMove(state: BalootState, seat: Seat, rng: Rng, level: BotLevel = 'normal'): BalootMove {
  if (level === 'easy') {
    const v = knowledge(state, seat);
    try {
      return easyFromView(v);
    } catch {
      return safeMove(v);
    }
  }
  return decide(state, seat, rng, level === 'strong' ? STRONG_PARAMS : DEFAULT_PARAMS);
}

export function decide(state: BalootState, seat: Seat, rng: Rng, params: BotParams = DEFAULT_PARAMS): BalootMove {
  const v = knowledge(state, seat);
  try {
    return decideFromView(v, rng, params);
  } catch {
    // A live room must never stall on a bot: fall back to the safest legal move.
    return safeMove(v);
  }
}

/** Pass, no raise, refuse a Sawa, or the cheapest playable card. */
export function safeMove(v: BalootKnowledge): BalootMove {
  const a = v.actions;
  if (a.sawaAnswer) return { type: 'sawaAnswer', accept: false };
  const keep = a.bids.find((b) => b.bid === 'pass') ?? a.bids.find((b) => b.bid === 'hokum');
  if (keep) return keep.suit ? { type: 'bid', bid: keep.bid, suit: keep.suit } : { type: 'bid', bid: keep.bid };
  if (a.double) return { type: 'noDouble' };
  if (v.playable.length > 0) {
    const trump = v.contract?.type === 'hokum' && v.contract.trump ? suitIndex(v.contract.trump) : -1;
    return { type: 'play', card: cardName(cheapestCard(maskOf(v.playable), trump)) };
  }
  return { type: 'bid', bid: 'pass' };
}

/** The bot's move for what `v` shows (v must be a seat's view). */
export function decideFromView(v: BalootKnowledge, rng: Rng, params: BotParams = DEFAULT_PARAMS): BalootMove {
  const a = v.actions;
  // The proof assumes the claimant leads every trick: a claim made mid-trick is refused (play on).
  const midTrick = (v.trick?.plays.length ?? 0) > 0;
  if (a.sawaAnswer) return { type: 'sawaAnswer', accept: !midTrick && claimProven(v, v.sawa!.hand) };
  // A hand of only 7s, 8s and 9s is worth less than a fresh deal.
  if (a.kawesh) return { type: 'kawesh' };
  if (a.bids.length > 0) return chooseBid(v, rng, params);
  if (a.double) return chooseRaise(v, a.double.level, rng, params);
  if (a.declare) return { type: 'declare' };
  if (a.sawa && !midTrick && claimProven(v, v.hand)) return { type: 'sawa' };
  if (v.playable.length > 0) return { type: 'play', card: choosePlay(v, rng, params) };
  // Not this seat's decision: a harmless move the engine will refuse.
  return { type: 'bid', bid: 'pass' };
}

/* ------------------------------------------------------------------ Sawa */

/**
 * Whether `hand`, leading every trick from now, surely takes them all: each card tops every
 * unseen card of its suit, and in Hokum the trumps, led first, draw every outstanding trump.
 */
export function claimHolds(hand: number, outstanding: number, trump: number, closed: boolean): boolean {
  for (const c of indicesOf(hand)) if ((higherMask(c, trump) & outstanding) !== 0) return false;
  if (trump < 0) return true;
  const trumps = SUIT_MASK[trump]!;
  const outTrumps = popcount(outstanding & trumps);
  if ((hand & ~trumps) === 0 || outTrumps === 0) return true;
  return !closed && popcount(hand & trumps) >= outTrumps;
}

function claimProven(v: BalootKnowledge, claimantHand: readonly string[]): boolean {
  let played = 0;
  for (const t of v.tricks) for (const p of t.plays) played |= 1 << cardIndex(p.card);
  const hand = maskOf(claimantHand);
  const c = v.contract!;
  const trump = c.type === 'hokum' && c.trump ? suitIndex(c.trump) : -1;
  return claimHolds(hand, FULL_MASK & ~hand & ~played, trump, c.type === 'hokum' && !c.open);
}

/* ------------------------------------------------------------------ projects and Baloot in a deal */

interface ProjectTally {
  points: Pair;
  raw: Pair;
  team: Team | null;
}

/** Projects every hand of a full deal would declare, and which team's would count. */
function dealProjects(hands: readonly number[], sun: boolean, dealer: Seat): ProjectTally {
  const t: ProjectTally = { points: [0, 0], raw: [0, 0], team: null };
  let bestRank = -1;
  let bestPos = 9;
  for (let seat = 0; seat < 4; seat++) {
    const pos = bidPosition(dealer, seat);
    for (const p of bestProjects(hands[seat]!, sun)) {
      t.points[teamOf(seat)] += projectGamePoints(p.kind, sun);
      t.raw[teamOf(seat)] += PROJECT_RAW[p.kind];
      if (p.rank > bestRank || (p.rank === bestRank && pos < bestPos)) {
        bestRank = p.rank;
        bestPos = pos;
        t.team = teamOf(seat);
      }
    }
  }
  return t;
}

function dealBaloot(hands: readonly number[], trump: number, level: number): Pair {
  const out: Pair = [0, 0];
  if (trump < 0 || level >= GAHWA) return out;
  const kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6));
  for (let seat = 0; seat < 4; seat++) if ((hands[seat]! & kq) === kq) out[teamOf(seat)] = BALOOT_POINTS;
  return out;
}

// Ranks of declared kinds when only the names are public (trick 1); a Hundred may be a run or a set.
const KIND_RANK: Record<ProjectKind, number> = { sira: 1, fifty: 2, hundred: 3.5, fourHundred: 5 };

/** Projects as the view shows them: exact after trick 1, estimated from the names during it. */
function viewProjects(v: BalootKnowledge, sun: boolean): ProjectTally {
  const t: ProjectTally = { points: [0, 0], raw: [0, 0], team: null };
  let best = -1;
  let bestPos = 9;
  for (const p of v.projects) {
    const team = teamOf(p.seat);
    t.points[team] += projectGamePoints(p.kind, sun);
    t.raw[team] += PROJECT_RAW[p.kind];
    if (p.counted !== null) {
      if (p.counted) t.team = team;
      continue;
    }
    const pos = bidPosition(v.dealer, p.seat);
    if (KIND_RANK[p.kind] > best || (KIND_RANK[p.kind] === best && pos < bestPos)) {
      best = KIND_RANK[p.kind];
      bestPos = pos;
      t.team = team;
    }
  }
  return t;
}

/* ------------------------------------------------------------------ card play */

function simRoundFromView(v: BalootKnowledge): SimRound {
  const c = v.contract!;
  const sun = c.type === 'sun';
  const projects = viewProjects(v, sun);
  const baloot: Pair = [0, 0];
  if (v.baloot !== null && c.level < GAHWA) baloot[teamOf(v.baloot)] = BALOOT_POINTS;
  return {
    sun,
    trump: sun || !c.trump ? -1 : suitIndex(c.trump),
    closed: c.type === 'hokum' && !c.open,
    buyerTeam: teamOf(c.buyer),
    multiplier: multiplierOf(c.level),
    raiserTeam: c.raiser === null ? null : teamOf(c.raiser),
    projectPoints: projects.points,
    projectRaw: projects.raw,
    projectTeam: projects.team,
    baloot,
    sawaTeam: v.sawa && v.sawa.status === 'refused' ? teamOf(v.sawa.claimant) : null,
  };
}

function simFromKnowledge(k: Knowledge, hands: number[]): SimState {
  return { hands, leader: k.leader, trick: k.trick.slice(), raw: [k.raw[0], k.raw[1]], won: [k.won[0], k.won[1]], done: k.done, qayd: null };
}

function choosePlay(v: BalootKnowledge, rng: Rng, params: BotParams): string {
  const options = v.playable.map(cardIndex);
  if (options.length === 1) return v.playable[0]!;
  const k = knowledgeFromView(v);
  const round = simRoundFromView(v);
  const me = v.seat!;
  const team = teamOf(me);
  const samples = Math.max(params.minSamples, Math.min(params.maxSamples, Math.floor(params.playBudget / options.length)));
  const totals = options.map(() => 0);
  const fits = params.inferBids ? bidFit(v) : null;
  if (params.endgameCards && v.hand.length <= params.endgameCards) return solvePlay(v, k, round, options, fits, rng, params.endgameSamples ?? samples);
  for (let i = 0; i < samples; i++) {
    const base = simFromKnowledge(k, fits ? fittingHands(k, rng, fits) : sampleHands(k, rng));
    for (let j = 0; j < options.length; j++) {
      const sim = cloneSim(base);
      playCard(sim, round, me, options[j]!);
      playOut(sim, round);
      totals[j] = totals[j]! + evaluate(sim, round, team);
    }
  }
  return bestOption(options, totals, samples, round.trump);
}

/** The option with the best average; equal averages keep the cheaper card. */
function bestOption(options: number[], totals: number[], samples: number, trump: number): string {
  let best = 0;
  let bestScore = -Infinity;
  for (let j = 0; j < options.length; j++) {
    const score = totals[j]! / samples - cheapness(options[j]!, trump) * 1e-6;
    if (score > bestScore) {
      bestScore = score;
      best = j;
    }
  }
  return cardName(options[best]!);
}

/** Strong's endgame: each option's margin with best play by everyone, averaged over sampled deals. */
function solvePlay(
  v: BalootKnowledge,
  k: Knowledge,
  round: SimRound,
  options: number[],
  fits: ((hands: number[]) => number) | null,
  rng: Rng,
  samples: number,
): string {
  const me = v.seat!;
  const team = teamOf(me);
  const totals = options.map(() => 0);
  for (let i = 0; i < samples; i++) {
    const base = simFromKnowledge(k, fits ? fittingHands(k, rng, fits) : sampleHands(k, rng));
    for (let j = 0; j < options.length; j++) {
      const sim = cloneSim(base);
      playCard(sim, round, me, options[j]!);
      totals[j] = totals[j]! + solve(sim, round, team);
    }
  }
  return bestOption(options, totals, samples, round.trump);
}

/** How likely the winning bidder (when it is not this seat) was to bid with the hand of a sampled deal, 0 to 1. */
function bidFit(v: BalootKnowledge): ((hands: number[]) => number) | null {
  const c = v.contract!;
  const bidder = c.bidder;
  if (bidder === v.seat) return null;
  let played = 0;
  for (const t of v.tricks) for (const p of t.plays) if (p.seat === bidder) played |= 1 << cardIndex(p.card);
  for (const p of v.trick?.plays ?? []) if (p.seat === bidder) played |= 1 << cardIndex(p.card);
  if (c.type === 'hokum' && c.trump) {
    const trumps = SUIT_MASK[suitIndex(c.trump)]!;
    return (hands) => {
      const n = popcount((hands[bidder]! | played) & trumps);
      return n >= 3 ? 1 : n === 2 ? 0.4 : 0.15;
    };
  }
  let high = 0;
  for (let suit = 0; suit < 4; suit++) high |= (1 << (suit * 8 + RANK_A)) | (1 << (suit * 8 + RANK_T));
  return (hands) => {
    const n = popcount((hands[bidder]! | played) & high);
    return n >= 3 ? 1 : n === 2 ? 0.6 : n === 1 ? 0.3 : 0.1;
  };
}

/** A deal of the unseen cards, redrawn while the bid does not fit it (at most a few times). */
function fittingHands(k: Knowledge, rng: Rng, fit: (hands: number[]) => number): number[] {
  let hands = sampleHands(k, rng);
  for (let tries = 0; tries < 6 && rng.float() >= fit(hands); tries++) hands = sampleHands(k, rng);
  return hands;
}

/* ------------------------------------------------------------------ bidding */

interface ContractChoice {
  option: BidOption;
  sun: boolean;
  trump: number;
  buyer: Seat;
}

function choiceOf(v: BalootKnowledge, option: BidOption): ContractChoice | null {
  const me = v.seat!;
  if (option.bid === 'pass') return null;
  if (option.bid === 'hokum') return { option, sun: false, trump: suitIndex(option.suit!), buyer: me };
  const buyer = option.bid === 'ashkal' ? (me + 2) % 4 : me;
  return { option, sun: true, trump: -1, buyer };
}

/** Average game-point margin of each contract for the bidder's team, over sampled final deals. */
function contractValues(
  v: BalootKnowledge,
  choices: ContractChoice[],
  rng: Rng,
  samples: number,
  value: (sim: SimState, round: SimRound, team: Team) => number = evaluate,
  fit?: (start: number[]) => number,
): number[] {
  const me = v.seat!;
  const team = teamOf(me);
  const publicCard = cardIndex(v.publicCard);
  const hand = maskOf(v.hand);
  const unseen = indicesOf(FULL_MASK & ~hand & ~(1 << publicCard));
  const first = (v.dealer + 1) % 4;
  const totals = choices.map(() => 0);
  for (let i = 0; i < samples; i++) {
    let start: number[] = [0, 0, 0, 0];
    let next = 0;
    // Without `fit` this draws once; with it, first hands that do not fit the bids so far are redrawn (a few times at most).
    for (let tries = 0; tries < 6; tries++) {
      rng.shuffle(unseen);
      start = [0, 0, 0, 0];
      next = 0;
      for (let seat = 0; seat < 4; seat++) {
        if (seat === me) start[seat] = hand;
        else for (let j = 0; j < 5; j++) start[seat] = start[seat]! | (1 << unseen[next++]!);
      }
      if (!fit || rng.float() < fit(start)) break;
    }
    for (let ci = 0; ci < choices.length; ci++) {
      const ch = choices[ci]!;
      const hands = start.slice();
      let stock = next;
      for (let p = 0; p < 4; p++) {
        const seat = (first + p) % 4;
        const extra = seat === ch.buyer ? 2 : 3;
        for (let j = 0; j < extra; j++) hands[seat] = hands[seat]! | (1 << unseen[stock++]!);
        if (seat === ch.buyer) hands[seat] = hands[seat]! | (1 << publicCard);
      }
      const projects = dealProjects(hands, ch.sun, v.dealer);
      const round: SimRound = {
        sun: ch.sun,
        trump: ch.trump,
        closed: false,
        buyerTeam: teamOf(ch.buyer),
        multiplier: 1,
        raiserTeam: null,
        projectPoints: projects.points,
        projectRaw: projects.raw,
        projectTeam: projects.team,
        baloot: dealBaloot(hands, ch.trump, 1),
        sawaTeam: null,
      };
      const sim: SimState = { hands, leader: first, trick: [], raw: [0, 0], won: [0, 0], done: 0, qayd: null };
      playOut(sim, round);
      totals[ci] = totals[ci]! + value(sim, round, team);
    }
  }
  return totals.map((t) => t / samples);
}

function chooseBid(v: BalootKnowledge, rng: Rng, params: BotParams): BalootMove {
  const bids = v.actions.bids;
  const stage = v.bidding!.stage;
  const choices = bids.map((b) => choiceOf(v, b)).filter((c): c is ContractChoice => c !== null);
  const fit = params.readPasses ? passFit(v) : undefined;
  const values = params.matchBids ? matchValues(v, choices, rng, params.bidSamples, fit) : contractValues(v, choices, rng, params.bidSamples, evaluate, fit);
  const toMove = (o: BidOption): BalootMove => (o.suit ? { type: 'bid', bid: o.bid, suit: o.suit } : { type: 'bid', bid: o.bid });
  if (stage === 'switch') {
    const sunAt = choices.findIndex((c) => c.sun);
    const hokumAt = choices.findIndex((c) => !c.sun);
    return toMove(values[sunAt]! > values[hokumAt]! + params.sunThreshold ? choices[sunAt]!.option : choices[hokumAt]!.option);
  }
  let best = -1;
  let bestMargin = -Infinity;
  for (let i = 0; i < choices.length; i++) {
    const margin = values[i]! - (choices[i]!.sun ? params.sunThreshold : params.hokumThreshold);
    if (margin > bestMargin) {
      bestMargin = margin;
      best = i;
    }
  }
  return best >= 0 && bestMargin >= 0 ? toMove(choices[best]!.option) : { type: 'bid', bid: 'pass' };
}

/**
 * Strong's contract values: each sampled result turned into the chance of winning the match, then
 * back into game points at today's rate (how much the chance moves per point at the current totals),
 * so the thresholds keep their meaning while a result that settles the match counts for what it does.
 */
function matchValues(v: BalootKnowledge, choices: ContractChoice[], rng: Rng, samples: number, fit?: (start: number[]) => number): number[] {
  const team = teamOf(v.seat!);
  const us = v.scores[team];
  const them = v.scores[team === 0 ? 1 : 0];
  const target = v.options.target;
  const now = matchWinChance(us, them, target);
  const rate = Math.max(1e-4, (matchWinChance(us + 10, them, target) - matchWinChance(us, them + 10, target)) / 20);
  const value = (sim: SimState, round: SimRound, t: Team): number => {
    const awarded = scoreOf(sim, round).awarded;
    const mine = awarded[t];
    const theirs = awarded[t === 0 ? 1 : 0];
    return (matchWinChance(us + mine, them + theirs, target) - now) / rate;
  };
  return contractValues(v, choices, rng, samples, value, fit);
}

/**
 * Strong: how well first hands fit the passes so far, 0 to 1. A seat that passed in round 1 seldom
 * holds the Jack with two more of the public card's suit, or three Aces; one that passed in round 2
 * seldom holds that in any other suit.
 */
export function passFit(v: BalootKnowledge): ((start: number[]) => number) | undefined {
  const pub = cardIndex(v.publicCard) >> 3;
  const passed1: Seat[] = [];
  const passed2: Seat[] = [];
  for (const b of v.bidding?.bids ?? []) {
    if (b.bid !== 'pass' || b.stage !== 'bid' || b.seat === v.seat) continue;
    (b.round === 1 ? passed1 : passed2).push(b.seat);
  }
  if (passed1.length === 0 && passed2.length === 0) return undefined;
  let aces = 0;
  for (let suit = 0; suit < 4; suit++) aces |= 1 << (suit * 8 + RANK_A);
  const strongIn = (h: number, suit: number) => (h & (1 << (suit * 8 + RANK_J))) !== 0 && popcount(h & SUIT_MASK[suit]!) >= 3;
  return (start) => {
    let f = 1;
    for (const seat of passed1) {
      const h = start[seat]!;
      if (strongIn(h, pub)) f *= 0.25;
      if (popcount(h & aces) >= 3) f *= 0.4;
    }
    for (const seat of passed2) for (let suit = 0; suit < 4; suit++) if (suit !== pub && strongIn(start[seat]!, suit)) f *= 0.4;
    return f;
  };
}

/* ------------------------------------------------------------------ doubling */

/** The round of a sampled deal (all hands known) as it would be played once `raiser` raises to `level`. */
function raisedRound(hands: number[], sun: boolean, trump: number, buyerTeam: Team, raiser: Team, level: number, dealer: Seat): SimRound {
  const projects = dealProjects(hands, sun, dealer);
  return {
    sun,
    trump,
    closed: false,
    buyerTeam,
    multiplier: multiplierOf(level),
    raiserTeam: raiser,
    projectPoints: projects.points,
    projectRaw: projects.raw,
    projectTeam: projects.team,
    baloot: dealBaloot(hands, trump, level),
    sawaTeam: null,
  };
}

function chooseRaise(v: BalootKnowledge, level: DoubleLevel, rng: Rng, params: BotParams): BalootMove {
  if (params.raiseEdge !== undefined) return chooseRaiseForMatch(v, level, rng, params, params.raiseEdge);
  const me = v.seat!;
  const team = teamOf(me);
  const c = v.contract!;
  const k = knowledgeFromView(v);
  const sun = c.type === 'sun';
  const trump = sun || !c.trump ? -1 : suitIndex(c.trump);
  const nextLevel = c.level + 1;
  let wins = 0;
  for (let i = 0; i < params.doubleSamples; i++) {
    const hands = sampleHands(k, rng);
    const round = raisedRound(hands, sun, trump, teamOf(c.buyer), team, nextLevel, v.dealer);
    const sim = simFromKnowledge(k, hands.slice());
    playOut(sim, round);
    if (scoreOf(sim, round).winner === team) wins++;
  }
  const confident = wins / params.doubleSamples >= params.raiseConfidence[level];
  return confident ? { type: 'double', level, open: true } : { type: 'noDouble' };
}

/**
 * Strong's raise: in each sampled deal (read with the winning bid in mind), the round's result at
 * the current level and one higher, turned into the chance of winning the match. Gahwa wins or
 * loses the match outright; a raise that lets the opponents reach the target costs what it risks.
 */
function chooseRaiseForMatch(v: BalootKnowledge, level: DoubleLevel, rng: Rng, params: BotParams, edge: number): BalootMove {
  const me = v.seat!;
  const team = teamOf(me);
  const other: Team = team === 0 ? 1 : 0;
  const c = v.contract!;
  const k = knowledgeFromView(v);
  const sun = c.type === 'sun';
  const trump = sun || !c.trump ? -1 : suitIndex(c.trump);
  const nextLevel = c.level + 1;
  const fits = params.inferBids ? bidFit(v) : null;
  const target = v.options.target;
  const chance = (awarded: Pair) => matchWinChance(v.scores[team] + awarded[team], v.scores[other] + awarded[other], target);
  let wins = 0;
  let gain = 0;
  for (let i = 0; i < params.doubleSamples; i++) {
    const hands = fits ? fittingHands(k, rng, fits) : sampleHands(k, rng);
    const sim = simFromKnowledge(k, hands.slice());
    const round = raisedRound(hands, sun, trump, teamOf(c.buyer), team, nextLevel, v.dealer);
    playOut(sim, round);
    const score = (level: number, raiser: Team | null) =>
      scoreRound({
        sun,
        buyerTeam: round.buyerTeam,
        multiplier: multiplierOf(level),
        raiserTeam: raiser,
        raw: sim.raw,
        tricks: sim.won,
        projectPoints: round.projectPoints,
        projectRaw: round.projectRaw,
        projectTeam: round.projectTeam,
        baloot: dealBaloot(hands, trump, level),
        qaydOffender: null,
      });
    const raised = score(nextLevel, team);
    const kept = score(c.level, c.raiser === null ? null : teamOf(c.raiser));
    if (raised.winner === team) wins++;
    const after = nextLevel >= GAHWA ? (raised.winner === null ? 0.5 : raised.winner === team ? 1 : 0) : chance(raised.awarded);
    gain += after - chance(kept.awarded);
  }
  const raise = gain / params.doubleSamples > edge && wins / params.doubleSamples >= (params.raiseFloor ?? 0);
  return raise ? { type: 'double', level, open: true } : { type: 'noDouble' };
}
