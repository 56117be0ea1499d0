/**
 * The Baloot rules engine: a pure reducer over BalootState. A round (deal, bidding,
 * doubling, eight tricks, scoring) flows into the next one inside the same state until the
 * match is decided. `apply` never mutates its input: it copies the top-level state, and
 * each handler replaces (copy on write) whatever nested array or record it changes.
 */
import { SUITS, rankOf, suitOf, type Suit } from '../../cards/playing-cards';
import { nextInt, seedRng, shuffleInPlace } from '../../cards/rng';
import type { ApplyResult, GameEvent, PlayerInfo, Seat } from '../../engine/types';
import type { BalootRefusal } from './refusals';
import { DECK, NO_TRUMP, cardIndex, cardName, cardPoints, maskOf, suitIndex } from './cards';
import { PROJECT_RAW, bestProjects, projectCardIndices, projectGamePoints } from './projects';
import { cheapestCard, legalMask, playError, trickPoints, trickWinnerIndex, type PlayErrorCode } from './rules';
import { BALOOT_POINTS, LAST_TRICK_BONUS, scoreRound, type Pair, type Team } from './scoring';
import type {
  BalootMove,
  BalootOptions,
  BalootState,
  BidKind,
  BidOption,
  BiddingState,
  Contract,
  ContractType,
  DeclareOption,
  DeclaredProject,
  DoubleLevel,
  Play,
  RoundProject,
  RoundSummary,
} from './types';

export const nextSeat = (s: Seat): Seat => (s + 1) % 4;
export const partnerOf = (s: Seat): Seat => (s + 2) % 4;
export const teamOf = (s: Seat): Team => (s % 2) as Team;
/** 0 for the first bidder (the dealer's right), 3 for the dealer; also the play-order rank in trick 1. */
export const bidPosition = (dealer: Seat, seat: Seat): number => (seat - dealer + 3) % 4;

/** Raise names by contract level (2 = Double ... 5 = Gahwa). */
export const LEVEL_NAMES: readonly (DoubleLevel | null)[] = [null, null, 'double', 'triple', 'four', 'gahwa'];
export const GAHWA = 5;

export function multiplierOf(level: number): number {
  return Math.min(level, 4);
}
export function trumpOf(c: Contract | null): number {
  return c && c.type === 'hokum' && c.trump ? suitIndex(c.trump) : NO_TRUMP;
}
function isClosed(c: Contract): boolean {
  return c.type === 'hokum' && !c.open;
}

export function who(s: BalootState, seat: Seat): string {
  return s.players[seat] ?? `Seat ${seat + 1}`;
}
export function teamName(s: BalootState, team: Team): string {
  return `${who(s, team)} & ${who(s, team + 2)}`;
}

type GameError = BalootRefusal;
const fail = (r: BalootRefusal): BalootRefusal => r;
function notYourTurn(s: BalootState): GameError {
  return fail({ code: 'not_your_turn', seat: s.turn, why: 'turn' });
}

/* ------------------------------------------------------------------ setup and deal */

export function setup(players: PlayerInfo[], options: BalootOptions, seed: string): BalootState {
  if (players.length !== 4) throw new Error(`Baloot is played by 4 players, not ${players.length}`);
  const rng = seedRng(seed);
  const dealer = nextInt(rng, 4);
  const s: BalootState = {
    sawaLastWord: true,
    players: players.map((p) => p.name),
    options: { priority: options.priority, target: options.target },
    rng,
    scores: [0, 0],
    roundNo: 0,
    dealer,
    phase: 'bidding',
    turn: 0,
    hands: [[], [], [], []],
    stock: [],
    publicCard: '',
    bidding: null,
    contract: null,
    doubling: null,
    leader: 0,
    trick: [],
    tricks: [],
    declared: [[], [], [], []],
    projectTeam: null,
    balootHolder: null,
    balootAnnounced: false,
    sawa: null,
    lastRound: null,
    outcome: null,
  };
  deal(s, dealer, true, []);
  return s;
}

/** Shuffle and deal 5 cards each plus the public card; everything about the previous deal is cleared. */
function deal(s: BalootState, dealer: Seat, newRound: boolean, ev: GameEvent[]): void {
  s.rng = { s: [s.rng.s[0], s.rng.s[1], s.rng.s[2], s.rng.s[3]] };
  const deck = shuffleInPlace(s.rng, DECK.slice());
  const first = nextSeat(dealer);
  s.dealer = dealer;
  if (newRound) s.roundNo += 1;
  s.hands = [[], [], [], []];
  for (let i = 0; i < 4; i++) s.hands[(first + i) % 4] = deck.slice(i * 5, i * 5 + 5);
  s.publicCard = deck[20]!;
  s.stock = deck.slice(21);
  s.phase = 'bidding';
  s.turn = first;
  s.bidding = { round: 1, stage: 'bid', bids: [], hokum: null, sun: null };
  s.contract = null;
  s.doubling = null;
  s.leader = first;
  s.trick = [];
  s.tricks = [];
  s.declared = [[], [], [], []];
  s.projectTeam = null;
  s.balootHolder = null;
  s.balootAnnounced = false;
  s.sawa = null;
  ev.push({
    type: 'deal',
    seat: dealer,
    round: s.roundNo,
    card: s.publicCard,
  });
}

/* ------------------------------------------------------------------ what a seat may do */

export function isKaweshHand(hand: readonly string[]): boolean {
  return hand.length === 5 && hand.every((c) => c[0] === '7' || c[0] === '8' || c[0] === '9');
}
export function canKawesh(s: BalootState, seat: Seat): boolean {
  return s.phase === 'bidding' && isKaweshHand(s.hands[seat] ?? []);
}

/** Bids `seat` may make now (empty when it is not its bidding turn). */
export function legalBids(s: BalootState, seat: Seat): BidOption[] {
  const b = s.bidding;
  if (s.phase !== 'bidding' || !b || seat !== s.turn) return [];
  if (b.stage === 'switch') return [{ bid: 'hokum', suit: b.hokum!.suit }, { bid: 'sun' }];
  if (b.stage === 'priority') return [{ bid: 'pass' }, { bid: 'sun' }];
  const pub = suitOf(s.publicCard);
  const out: BidOption[] = [{ bid: 'pass' }];
  if (!b.hokum) {
    if (b.round === 1) out.push({ bid: 'hokum', suit: pub });
    else for (const suit of SUITS) if (suit !== pub) out.push({ bid: 'hokum', suit });
  }
  out.push({ bid: 'sun' });
  if (b.round === 1 && bidPosition(s.dealer, seat) >= 2 && rankOf(s.publicCard) !== 'A') out.push({ bid: 'ashkal' });
  return out;
}

/** The raise `seat` is asked about now, if any. */
export function doubleOption(s: BalootState, seat: Seat): { level: DoubleLevel; canClose: boolean } | null {
  if (s.phase !== 'doubling' || seat !== s.turn || !s.contract) return null;
  const level = LEVEL_NAMES[s.contract.level + 1];
  return level ? { level, canClose: s.contract.type === 'hokum' } : null;
}

// Reused by `play` for the legality check, which keeps no reference to it.
const SCRATCH: number[] = [];

/** Card indices of the current trick, into `out` (a fresh array unless one is given). */
function trickCards(s: BalootState, out: number[] = []): number[] {
  out.length = s.trick.length;
  for (let i = 0; i < s.trick.length; i++) out[i] = cardIndex(s.trick[i]!.card);
  return out;
}

export function playableMask(s: BalootState, seat: Seat): number {
  if (s.phase !== 'playing' || seat !== s.turn || !s.contract) return 0;
  return legalMask(maskOf(s.hands[seat]!), trickCards(s), trumpOf(s.contract), isClosed(s.contract));
}

function declarableProjects(s: BalootState, seat: Seat): DeclaredProject[] {
  return bestProjects(maskOf(s.hands[seat]!), s.contract!.type === 'sun').map((p) => ({
    kind: p.kind,
    cards: projectCardIndices(p.mask).map(cardName),
    rank: p.rank,
  }));
}

/** Projects `seat` could declare now: its first turn of trick 1, not yet declared. */
export function declareOptions(s: BalootState, seat: Seat): DeclareOption[] | null {
  if (s.phase !== 'playing' || seat !== s.turn || s.tricks.length > 0 || s.declared[seat]!.length > 0) return null;
  const found = declarableProjects(s, seat);
  return found.length > 0 ? found.map((p) => ({ kind: p.kind, cards: p.cards })) : null;
}

export function canSawa(s: BalootState, seat: Seat): boolean {
  return s.phase === 'playing' && seat === s.turn && s.tricks.length > 0 && !s.sawa;
}

export function activeSeats(s: BalootState): Seat[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'sawa') return s.sawa!.pending.slice();
  return [s.turn];
}

export function legalMoves(s: BalootState, seat: Seat): BalootMove[] {
  const out: BalootMove[] = [];
  if (s.phase === 'over') return out;
  for (const b of legalBids(s, seat)) out.push(b.suit ? { type: 'bid', bid: b.bid, suit: b.suit } : { type: 'bid', bid: b.bid });
  if (canKawesh(s, seat)) out.push({ type: 'kawesh' });
  const d = doubleOption(s, seat);
  if (d) {
    out.push({ type: 'double', level: d.level, open: true });
    if (d.canClose) out.push({ type: 'double', level: d.level, open: false });
    out.push({ type: 'noDouble' });
  }
  if (declareOptions(s, seat)) out.push({ type: 'declare' });
  let m = playableMask(s, seat);
  while (m !== 0) {
    const low = m & -m;
    out.push({ type: 'play', card: cardName(31 - Math.clz32(low)) });
    m ^= low;
  }
  if (canSawa(s, seat)) out.push({ type: 'sawa' });
  if (s.phase === 'sawa' && s.sawa!.pending.includes(seat)) {
    out.push({ type: 'sawaAnswer', accept: true }, { type: 'sawaAnswer', accept: false });
  }
  return out;
}

/** Pass, no double, the weakest legal card, refuse a Sawa; keeping a standing Hokum counts as passing. */
export function timeoutMove(s: BalootState, seat: Seat): BalootMove | null {
  if (!activeSeats(s).includes(seat)) return null;
  switch (s.phase) {
    case 'bidding':
      return s.bidding!.stage === 'switch' ? { type: 'bid', bid: 'hokum', suit: s.bidding!.hokum!.suit } : { type: 'bid', bid: 'pass' };
    case 'doubling':
      return { type: 'noDouble' };
    case 'playing':
      return { type: 'play', card: cardName(cheapestCard(playableMask(s, seat), trumpOf(s.contract))) };
    case 'sawa':
      return { type: 'sawaAnswer', accept: false };
    default:
      return null;
  }
}

/** A seat taken over by a bot goes back to its player only between tricks. */
export function canHandBack(s: BalootState): boolean {
  return s.phase !== 'playing' || s.trick.length === 0;
}

/* ------------------------------------------------------------------ apply */

export function apply(state: BalootState, seat: Seat, move: BalootMove): ApplyResult<BalootState, GameEvent, BalootRefusal> {
  if (state.phase === 'over') return { ok: false, error: fail({ code: 'game_over' }) };
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) {
    return { ok: false, error: fail({ code: 'bad_seat' }) };
  }
  // Copy on write: handlers replace (never mutate) any nested array or record they change.
  const s: BalootState = { ...state };
  const ev: GameEvent[] = [];
  const error = dispatch(s, seat, move, ev);
  return error ? { ok: false, error } : { ok: true, state: s, events: ev };
}

function dispatch(s: BalootState, seat: Seat, move: BalootMove, ev: GameEvent[]): GameError | null {
  switch (move.type) {
    case 'kawesh':
      return kawesh(s, seat, ev);
    case 'bid':
      return bid(s, seat, move.bid, move.suit, ev);
    case 'double':
      return raise(s, seat, move.level, move.open, ev);
    case 'noDouble':
      return noDouble(s, seat, ev);
    case 'declare':
      return declare(s, seat, ev);
    case 'play':
      return play(s, seat, move.card, ev);
    case 'sawa':
      return claimSawa(s, seat, ev);
    case 'sawaAnswer':
      return answerSawa(s, seat, move.accept, ev);
    default:
      return fail({ code: 'bad_move' });
  }
}

/* ------------------------------------------------------------------ bidding */

function kawesh(s: BalootState, seat: Seat, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'bidding') return fail({ code: 'kawesh_not_allowed', why: 'bidding_over' });
  if (!isKaweshHand(s.hands[seat]!)) {
    return fail({ code: 'kawesh_not_allowed', why: 'hand' });
  }
  ev.push({ type: 'kawesh', seat });
  deal(s, s.dealer, false, ev);
  return null;
}

function bid(s: BalootState, seat: Seat, kind: BidKind, suit: Suit | undefined, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'bidding') return fail({ code: 'not_bidding' });
  if (seat !== s.turn) return notYourTurn(s);
  const b: BiddingState = { ...s.bidding!, bids: s.bidding!.bids.slice() };
  s.bidding = b;
  /** `asked`: the bid the seat made when it counts as another (Ashkal on an Ace is a plain Sun). */
  const say = (bidKind: BidKind, bidSuit?: Suit, extra?: { asked: BidKind }) => {
    b.bids.push(bidSuit ? { seat, round: b.round, stage: b.stage, bid: bidKind, suit: bidSuit } : { seat, round: b.round, stage: b.stage, bid: bidKind });
    ev.push({ type: 'bid', seat, bid: bidKind, ...(bidSuit ? { suit: bidSuit } : {}), stage: b.stage, ...extra });
  };

  if (b.stage === 'switch') {
    const hokum = b.hokum!;
    if (kind === 'sun') {
      say('sun');
      finalize(s, 'sun', null, seat, false, ev);
    } else if (kind === 'hokum' && (suit === undefined || suit === hokum.suit)) {
      say('hokum', hokum.suit);
      finalize(s, 'hokum', hokum.suit, seat, false, ev);
    } else return fail({ code: 'bad_bid', why: 'keep_or_sun', seat: null });
    return null;
  }

  if (b.stage === 'priority') {
    const sun = b.sun!;
    if (kind === 'sun') {
      say('sun');
      finalize(s, 'sun', null, seat, false, ev);
    } else if (kind === 'pass') {
      say('pass');
      const next = nextSeat(seat);
      if (next === sun.seat) finalize(s, 'sun', null, sun.seat, sun.ashkal, ev);
      else s.turn = next;
    } else return fail({ code: 'bad_bid', why: 'sun_claim', seat: sun.seat });
    return null;
  }

  const pos = bidPosition(s.dealer, seat);
  const pub = suitOf(s.publicCard);
  switch (kind) {
    case 'pass':
      say('pass');
      if (pos < 3) s.turn = nextSeat(seat);
      else endBiddingCycle(s, ev);
      return null;
    case 'hokum': {
      if (b.hokum) return fail({ code: 'bid_too_low', seat: b.hokum.seat });
      let trump: Suit;
      if (b.round === 1) {
        if (suit !== undefined && suit !== pub) {
          return fail({ code: 'wrong_suit', round: 1, suit: pub });
        }
        trump = pub;
      } else {
        if (suit === undefined) return fail({ code: 'suit_required' });
        if (suit === pub) return fail({ code: 'wrong_suit', round: 2, suit: pub });
        trump = suit;
      }
      say('hokum', trump);
      b.hokum = { seat, suit: trump };
      if (pos < 3) s.turn = nextSeat(seat);
      else finalize(s, 'hokum', trump, seat, false, ev);
      return null;
    }
    case 'ashkal':
      if (b.round === 2) return fail({ code: 'ashkal_not_allowed', why: 'round' });
      if (pos < 2) return fail({ code: 'ashkal_not_allowed', why: 'position' });
      if (rankOf(s.publicCard) === 'A') {
        say('sun', undefined, { asked: 'ashkal' });
        sunBid(s, seat, false, ev);
      } else {
        say('ashkal');
        sunBid(s, seat, true, ev);
      }
      return null;
    case 'sun':
      say('sun');
      sunBid(s, seat, false, ev);
      return null;
  }
  return fail({ code: 'bad_bid', why: 'not_a_bid', seat: null });
}

/** A Sun bid ends the bidding, unless the priority option lets earlier bidders claim Sun first. */
function sunBid(s: BalootState, seat: Seat, ashkal: boolean, ev: GameEvent[]): void {
  const b = s.bidding!;
  if (s.options.priority && bidPosition(s.dealer, seat) > 0) {
    b.stage = 'priority';
    b.sun = { seat, ashkal };
    s.turn = nextSeat(s.dealer);
  } else finalize(s, 'sun', null, seat, ashkal, ev);
}

/** The dealer has just passed: settle the standing Hokum, start round 2, or redeal. */
function endBiddingCycle(s: BalootState, ev: GameEvent[]): void {
  const b = s.bidding!;
  if (b.hokum) {
    b.stage = 'switch';
    s.turn = b.hokum.seat;
  } else if (b.round === 1) {
    b.round = 2;
    s.turn = nextSeat(s.dealer);
  } else {
    const dealer = nextSeat(s.dealer);
    ev.push({ type: 'redeal', seat: dealer });
    deal(s, dealer, false, ev);
  }
}

/** The contract is settled: the buyer takes the public card and 2 more, the others 3 each. */
function finalize(s: BalootState, type: ContractType, trump: Suit | null, bidder: Seat, ashkal: boolean, ev: GameEvent[]): void {
  const buyer = ashkal ? partnerOf(bidder) : bidder;
  s.contract = { type, trump, buyer, bidder, ashkal, level: 1, open: true, raiser: null };
  let k = 0;
  const first = nextSeat(s.dealer);
  s.hands = s.hands.slice();
  for (let i = 0; i < 4; i++) {
    const seat = (first + i) % 4;
    const extra = seat === buyer ? [s.publicCard, ...s.stock.slice(k, k + 2)] : s.stock.slice(k, k + 3);
    k += seat === buyer ? 2 : 3;
    s.hands[seat] = [...s.hands[seat]!, ...extra];
  }
  s.stock = [];
  s.bidding = null;
  if (type === 'hokum') {
    const k1 = `K${trump}`;
    const q1 = `Q${trump}`;
    const holder = s.hands.findIndex((h) => h.includes(k1) && h.includes(q1));
    s.balootHolder = holder >= 0 ? holder : null;
  }
  ev.push({
    type: 'contract',
    seat: buyer,
    contract: type,
    trump,
    bidder,
    ashkal,
    card: s.publicCard,
  });
  const bt = teamOf(buyer);
  if (type === 'hokum' || (s.scores[bt] > 100 && s.scores[1 - bt]! <= 100)) {
    const defenders = [nextSeat(buyer), (buyer + 3) % 4];
    s.phase = 'doubling';
    s.doubling = { queue: defenders, doubler: null };
    s.turn = defenders[0]!;
  } else startPlay(s);
}

/* ------------------------------------------------------------------ doubling */

function raise(s: BalootState, seat: Seat, level: DoubleLevel, open: boolean | undefined, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'doubling') return fail({ code: 'not_doubling' });
  if (seat !== s.turn) return notYourTurn(s);
  const c: Contract = { ...s.contract! };
  const d = { ...s.doubling!, queue: s.doubling!.queue.slice() };
  const next = c.level + 1;
  const expected = LEVEL_NAMES[next]!;
  if (level !== expected) return fail({ code: 'wrong_level', expected, level });
  s.contract = c;
  s.doubling = d;
  c.level = next;
  c.open = c.type === 'hokum' ? open !== false : true;
  c.raiser = seat;
  ev.push({ type: 'double', seat, level, open: c.open });
  if (c.type === 'hokum' && next < GAHWA) {
    if (next === 2) d.doubler = seat;
    // Triple and Gahwa belong to the buyer, Four to the defender who doubled.
    const responder = next % 2 === 0 ? c.buyer : d.doubler!;
    d.queue = [responder];
    s.turn = responder;
  } else startPlay(s);
  return null;
}

function noDouble(s: BalootState, seat: Seat, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'doubling') return fail({ code: 'not_doubling' });
  if (seat !== s.turn) return notYourTurn(s);
  const d = { ...s.doubling!, queue: s.doubling!.queue.slice() };
  s.doubling = d;
  const level = LEVEL_NAMES[s.contract!.level + 1]!;
  ev.push({ type: 'noDouble', seat, level });
  d.queue.shift();
  if (d.queue.length > 0) s.turn = d.queue[0]!;
  else startPlay(s);
  return null;
}

function startPlay(s: BalootState): void {
  s.phase = 'playing';
  s.doubling = null;
  s.leader = nextSeat(s.dealer);
  s.turn = s.leader;
  s.trick = [];
}

/* ------------------------------------------------------------------ play */

function declare(s: BalootState, seat: Seat, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'playing' || s.tricks.length > 0) {
    return fail({ code: 'declare_window_closed' });
  }
  if (seat !== s.turn) return notYourTurn(s);
  if (s.declared[seat]!.length > 0) return fail({ code: 'already_declared' });
  const found = declarableProjects(s, seat);
  if (found.length === 0) return fail({ code: 'no_project' });
  s.declared = s.declared.slice();
  s.declared[seat] = found;
  ev.push({ type: 'declare', seat, projects: found.map((p) => p.kind) });
  return null;
}

function playRefusal(code: PlayErrorCode, led: Suit, c: Contract): BalootRefusal {
  const trump = c.trump ?? led;
  if (code === 'must_follow_suit') return { code, led };
  if (code === 'must_trump') return { code, led, trump };
  if (code === 'closed_trump_lead') return { code, trump };
  return { code };
}

/**
 * Why `card` of `hand` may not go on `trick` (leader first) under contract `c`, as the engine
 * would refuse it; null when it may. A table says it when a greyed card is tapped.
 */
export function cardRefusal(hand: readonly string[], trick: readonly Play[], c: Contract, card: string): BalootRefusal | null {
  const code = playError(
    maskOf(hand),
    trick.map((p) => cardIndex(p.card)),
    trumpOf(c),
    isClosed(c),
    cardIndex(card),
  );
  return code ? playRefusal(code, suitOf(trick[0]?.card ?? card), c) : null;
}

function play(s: BalootState, seat: Seat, card: string, ev: GameEvent[]): GameError | null {
  if (s.phase === 'sawa') return fail({ code: 'sawa_pending' });
  if (s.phase !== 'playing') return fail({ code: 'not_playing' });
  if (seat !== s.turn) return notYourTurn(s);
  const idx = cardIndex(card);
  const hand = s.hands[seat]!;
  const handMask = maskOf(hand);
  if (idx < 0 || (handMask & (1 << idx)) === 0) {
    return fail({ code: 'card_not_in_hand', card });
  }
  const c = s.contract!;
  const trump = trumpOf(c);
  const code = playError(handMask, trickCards(s, SCRATCH), trump, isClosed(c), idx);
  if (code) return fail(playRefusal(code, suitOf(s.trick[0]?.card ?? card), c));
  const rest: string[] = [];
  for (const x of hand) if (x !== card) rest.push(x);
  s.hands = s.hands.slice();
  s.hands[seat] = rest;
  const trick = s.trick.slice();
  trick.push({ seat, card });
  s.trick = trick;
  ev.push({ type: 'play', seat, card });
  if (
    seat === s.balootHolder &&
    !s.balootAnnounced &&
    suitOf(card) === c.trump &&
    (card[0] === 'K' || card[0] === 'Q') &&
    !s.hands[seat]!.includes(`${card[0] === 'K' ? 'Q' : 'K'}${c.trump}`)
  ) {
    s.balootAnnounced = true;
    ev.push({ type: 'baloot', seat, cancelled: c.level >= GAHWA });
  }
  if (s.trick.length < 4) s.turn = nextSeat(seat);
  else finishTrick(s, ev);
  return null;
}

function finishTrick(s: BalootState, ev: GameEvent[]): void {
  const trump = trumpOf(s.contract);
  const cards = trickCards(s);
  const winner = s.trick[trickWinnerIndex(cards, trump)]!.seat;
  const points = trickPoints(cards, trump) + (s.tricks.length === 7 ? LAST_TRICK_BONUS : 0);
  const tricks = s.tricks.slice();
  tricks.push({ leader: s.leader, plays: s.trick, winner, points });
  s.tricks = tricks;
  s.trick = [];
  ev.push({ type: 'trick', seat: winner, points });
  if (s.tricks.length === 1) resolveProjects(s, ev);
  if (s.sawa && s.sawa.status === 'refused' && teamOf(winner) !== teamOf(s.sawa.claimant)) {
    ev.push({
      type: 'qayd',
      seat: s.sawa.claimant,
    });
    endRound(s, 'qayd', ev);
  } else if (s.tricks.length === 8) endRound(s, 'played', ev);
  else {
    s.leader = winner;
    s.turn = winner;
  }
}

/** After trick 1: the team with the best project (ties: top card, then play order) scores all its projects. */
function resolveProjects(s: BalootState, ev: GameEvent[]): void {
  let best: { rank: number; pos: number; seat: Seat } | null = null;
  for (let seat = 0; seat < 4; seat++) {
    const pos = bidPosition(s.dealer, seat);
    for (const p of s.declared[seat]!) {
      if (!best || p.rank > best.rank || (p.rank === best.rank && pos < best.pos)) best = { rank: p.rank, pos, seat };
    }
  }
  if (!best) return;
  const team = teamOf(best.seat);
  s.projectTeam = team;
  const counted = [team, team + 2].flatMap((seat) => s.declared[seat]!.map((p) => ({ seat, kind: p.kind, cards: p.cards })));
  ev.push({ type: 'projects', team, projects: counted });
}

/* ------------------------------------------------------------------ Sawa */

function claimSawa(s: BalootState, seat: Seat, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'playing') return fail({ code: 'sawa_not_allowed', why: 'phase' });
  if (seat !== s.turn) return notYourTurn(s);
  if (s.tricks.length === 0) return fail({ code: 'sawa_not_allowed', why: 'first_trick' });
  if (s.sawa) return fail({ code: 'sawa_not_allowed', why: 'claimed' });
  s.sawa = { claimant: seat, pending: [nextSeat(seat), (seat + 3) % 4], answers: [], status: 'pending' };
  s.phase = 'sawa';
  ev.push({
    type: 'sawa',
    seat,
    hand: s.hands[seat]!.slice(),
  });
  return null;
}

function answerSawa(s: BalootState, seat: Seat, accept: boolean, ev: GameEvent[]): GameError | null {
  if (s.phase !== 'sawa') return fail({ code: 'no_sawa' });
  const sw = { ...s.sawa!, pending: s.sawa!.pending.slice(), answers: [...(s.sawa!.answers ?? []), { seat, accept }] };
  if (!s.sawa!.pending.includes(seat)) {
    return fail({ code: 'not_your_turn', seat: null, why: teamOf(seat) === teamOf(sw.claimant) ? 'sawa_partner' : 'sawa_answered' });
  }
  s.sawa = sw;
  // The opponent who answers last decides for the team, having seen the partner's answer: a
  // person beside a bot always has the last word (the bot answers first, or follows them).
  // A game stored before that rule keeps its own: one refusal ends the claim.
  sw.pending = sw.pending.filter((x) => x !== seat);
  if (!accept && !s.sawaLastWord) sw.pending = [];
  const decided = sw.pending.length === 0;
  ev.push({ type: 'sawaAnswer', seat, accept, decided });
  if (!decided) return null;
  if (accept) endRound(s, 'sawa', ev);
  else {
    sw.status = 'refused';
    s.phase = 'playing';
  }
  return null;
}

/**
 * A bot answering a Sawa after its partner has answered gives the partner's answer (the bots
 * themselves, in ./bot, know nothing of this): so a person's answer is never overruled by the
 * bot beside them, and two bots answer as the first of them decided.
 */
export function sawaFollow(s: BalootState, seat: Seat): BalootMove | null {
  if (!s.sawaLastWord || s.phase !== 'sawa' || !s.sawa!.pending.includes(seat)) return null;
  const partner = (s.sawa!.answers ?? []).find((a) => a.seat === (seat + 2) % 4);
  return partner ? { type: 'sawaAnswer', accept: partner.accept } : null;
}

/* ------------------------------------------------------------------ end of round and match */

function endRound(s: BalootState, end: 'played' | 'sawa' | 'qayd', ev: GameEvent[]): void {
  const c = s.contract!;
  const sun = c.type === 'sun';
  const trump = trumpOf(c);
  const raw: Pair = [0, 0];
  const tricks: Pair = [0, 0];
  for (const t of s.tricks) {
    raw[teamOf(t.winner)] += t.points;
    tricks[teamOf(t.winner)] += 1;
  }
  if (end === 'sawa') {
    // The claimant's team takes every card still in hand or on the table and the last-trick bonus.
    const team = teamOf(s.sawa!.claimant);
    for (const hand of s.hands) for (const card of hand) raw[team] += cardPoints(cardIndex(card), trump);
    for (const p of s.trick) raw[team] += cardPoints(cardIndex(p.card), trump);
    raw[team] += LAST_TRICK_BONUS;
    tricks[team] += 8 - s.tricks.length;
  }
  const projectPoints: Pair = [0, 0];
  const projectRaw: Pair = [0, 0];
  for (let seat = 0; seat < 4; seat++) {
    for (const p of s.declared[seat]!) {
      projectPoints[teamOf(seat)] += projectGamePoints(p.kind, sun);
      projectRaw[teamOf(seat)] += PROJECT_RAW[p.kind];
    }
  }
  const baloot: Pair = [0, 0];
  if (s.balootHolder !== null && c.level < GAHWA && (s.balootAnnounced || end !== 'played')) {
    baloot[teamOf(s.balootHolder)] = BALOOT_POINTS;
  }
  const qaydOffender = end === 'qayd' ? teamOf(s.sawa!.claimant) : null;
  const multiplier = multiplierOf(c.level);
  const res = scoreRound({
    sun,
    buyerTeam: teamOf(c.buyer),
    multiplier,
    raiserTeam: c.raiser === null ? null : teamOf(c.raiser),
    raw,
    tricks,
    projectPoints,
    projectRaw,
    projectTeam: s.projectTeam,
    baloot,
    qaydOffender,
  });
  if (qaydOffender !== null) baloot[qaydOffender] = 0;
  // Kaboot and Qayd give the round's winner its own projects whatever the comparison said.
  const countingTeam = res.result === 'kaboot' || res.result === 'qayd' ? res.winner : s.projectTeam;
  const projects: RoundProject[] = [];
  for (let seat = 0; seat < 4; seat++) {
    for (const p of s.declared[seat]!) {
      const counted = teamOf(seat) === countingTeam;
      projects.push({ seat, kind: p.kind, cards: p.cards, points: projectGamePoints(p.kind, sun), counted });
    }
  }
  s.scores = [s.scores[0] + res.awarded[0], s.scores[1] + res.awarded[1]];
  const kaboot = res.result === 'kaboot' ? res.winner : null;
  const summary: RoundSummary = {
    roundNo: s.roundNo,
    contract: {
      type: c.type,
      trump: c.trump,
      buyer: c.buyer,
      bidder: c.bidder,
      ashkal: c.ashkal,
      level: c.level,
      levelName: LEVEL_NAMES[c.level] ?? null,
      multiplier,
      open: c.open,
    },
    end,
    tricks,
    cardPoints: raw,
    cardGamePoints: res.cardGamePoints,
    projects,
    projectPoints: res.countedProjects,
    baloot,
    result: res.result,
    winner: res.winner,
    kaboot,
    qayd: qaydOffender,
    sawa: s.sawa ? { claimant: s.sawa.claimant, accepted: end === 'sawa' } : null,
    multiplier,
    awarded: res.awarded,
    scores: [s.scores[0], s.scores[1]],
  };
  s.lastRound = summary;
  ev.push({ type: 'round', round: s.roundNo, contract: c.type, trump: c.trump, buyer: c.buyer, result: res.result, awarded: res.awarded });

  let winner: Team | null = null;
  if (c.level >= GAHWA) winner = res.winner;
  else {
    const reached = ([0, 1] as const).filter((t) => s.scores[t] >= s.options.target);
    if (reached.length === 1) winner = reached[0]!;
    else if (reached.length === 2 && s.scores[0] !== s.scores[1]) winner = s.scores[0] > s.scores[1] ? 0 : 1;
  }
  if (winner === null) {
    deal(s, nextSeat(s.dealer), true, ev);
    return;
  }
  s.phase = 'over';
  s.outcome = { winners: [winner, winner + 2], scores: [s.scores[0], s.scores[1], s.scores[0], s.scores[1]] };
  ev.push({ type: 'match', team: winner, gahwa: c.level >= GAHWA, scores: [s.scores[0], s.scores[1]] });
}
