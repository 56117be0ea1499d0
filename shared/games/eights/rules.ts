import { seedRng, shuffleInPlace } from '../../cards/rng';
import { err as refuse, type ApplyResult, type GameEvent, type PlayerInfo, type Seat } from '../../engine/types';
import { COLOURS, eightsCardPoints, fullDeck, matches, parseCard, randomFace } from './cards';
import type { EightsRefusal } from './refusals';
import type { EightsMove, EightsOptions, EightsState } from './types';

export const HAND_SIZE = 7;
/** A fifth Reverse in a row is refused. */
export const REVERSE_LIMIT = 4;
export const CATCH_PENALTY = 2;

type PlayMove = Extract<EightsMove, { type: 'play' }>;
type Result = ApplyResult<EightsState, GameEvent, EightsRefusal>;
const err = (r: EightsRefusal) => refuse(r);

export function setupState(players: PlayerInfo[], options: EightsOptions, seed: string): EightsState {
  const n = players.length;
  if (n < 2 || n > 8) throw new RangeError(`Eights needs 2 to 8 players, got ${n}`);
  const state: EightsState = {
    options: { ...options },
    names: players.map((p) => p.name),
    rng: seedRng(seed),
    hands: [],
    drawPile: [],
    discard: [],
    buried: 0,
    serial: 1,
    colour: 'r',
    direction: 1,
    turn: 0,
    turnNumber: 0,
    pendingDraw: 0,
    reverses: 0,
    drawn: null,
    announced: [],
    catchable: null,
    handNumber: 1,
    scores: Array<number>(n).fill(0),
    lastHand: null,
    winner: null,
  };
  dealHand(state, []);
  return state;
}

/** A deep copy; much cheaper than structuredClone for this flat shape. */
export function cloneState(s: EightsState): EightsState {
  return {
    ...s,
    options: { ...s.options },
    names: s.names.slice(),
    rng: { s: [...s.rng.s] },
    hands: s.hands.map((h) => h.slice()),
    drawPile: s.drawPile.slice(),
    discard: s.discard.slice(),
    announced: s.announced.slice(),
    scores: s.scores.slice(),
    lastHand: s.lastHand && {
      ...s.lastHand,
      cardsLeft: s.lastHand.cardsLeft.slice(),
      pointsLeft: s.lastHand.pointsLeft.slice(),
    },
  };
}

export function topCard(s: EightsState): string {
  return s.discard[s.discard.length - 1]!;
}

/** The seat `steps` places from `from` in the current direction. */
export function seatAfter(s: EightsState, from: Seat, steps = 1): Seat {
  const n = s.names.length;
  return (((from + s.direction * steps) % n) + n) % n;
}

function passTurn(s: EightsState, to: Seat): void {
  s.turn = to;
  s.turnNumber += 1;
}

/** Whether `card` is playable on the pile now, ignoring whose turn it is and the drawn-card step. */
function playableOnPile(s: EightsState, card: string): boolean {
  const c = parseCard(card);
  if (s.pendingDraw > 0) return s.options.stacking && c.draw > 0;
  if (c.kind === 'reverse' && s.reverses >= REVERSE_LIMIT) return false;
  return matches(card, topCard(s), s.colour);
}

/** Cards `seat` may play right now. */
export function playableCards(s: EightsState, seat: Seat): string[] {
  if (s.winner !== null || seat !== s.turn) return [];
  if (s.drawn !== null) return [s.drawn];
  return s.hands[seat]!.filter((card) => playableOnPile(s, card));
}

export function legalMoves(s: EightsState, seat: Seat): EightsMove[] {
  if (s.winner !== null) return [];
  const moves: EightsMove[] = [];
  if (s.catchable !== null && s.catchable !== seat) moves.push({ type: 'catch', target: s.catchable });
  if (seat !== s.turn) return moves;
  const lastCard = s.hands[seat]!.length === 2 ? { lastCard: true } : {};
  for (const card of playableCards(s, seat)) {
    if (parseCard(card).wild) for (const color of COLOURS) moves.push({ type: 'play', card, color, ...lastCard });
    else moves.push({ type: 'play', card, ...lastCard });
  }
  if (s.drawn === null) moves.push({ type: 'draw' });
  else moves.push({ type: 'keep' });
  return moves;
}

// ---- the pile ----------------------------------------------------------------------------

function putOnDiscard(s: EightsState, card: string): void {
  if (s.options.endless && s.discard.length > 0) {
    // Endless discards never return to play, so only the top card is worth storing.
    s.buried += s.discard.length;
    s.discard = [card];
  } else {
    s.discard.push(card);
  }
}

/** One card off the pile, reshuffling the discards under the top card when it is empty. */
function takeFromPile(s: EightsState, events: GameEvent[]): string | null {
  if (s.options.endless) return `${randomFace(s.rng)}#${s.serial++}`;
  if (s.drawPile.length === 0) {
    if (s.discard.length <= 1) return null;
    const top = s.discard.pop()!;
    s.drawPile = shuffleInPlace(s.rng, s.discard);
    s.discard = [top];
    events.push({ type: 'reshuffle' });
  }
  return s.drawPile.pop()!;
}

/** Gives `seat` up to `count` cards; fewer when the finite deck has none left anywhere. */
function giveCards(s: EightsState, seat: Seat, count: number, events: GameEvent[]): string[] {
  const got: string[] = [];
  for (let i = 0; i < count; i++) {
    const card = takeFromPile(s, events);
    if (card === null) break;
    got.push(card);
  }
  const hand = s.hands[seat]!;
  hand.push(...got);
  if (hand.length !== 1) s.announced[seat] = false;
  return got;
}

function dealHand(s: EightsState, events: GameEvent[]): void {
  const n = s.names.length;
  s.drawPile = s.options.endless ? [] : shuffleInPlace(s.rng, fullDeck());
  s.discard = [];
  s.buried = 0;
  s.hands = s.names.map(() => []);
  for (let seat = 0; seat < n; seat++) giveCards(s, seat, HAND_SIZE, events);
  turnFirstDiscard(s, events);
  s.direction = 1;
  s.reverses = 0;
  s.pendingDraw = 0;
  s.drawn = null;
  s.catchable = null;
  s.announced = Array<boolean>(n).fill(false);
  // Seat 0 starts the first hand; the start then moves one seat on each hand.
  passTurn(s, (s.handNumber - 1) % n);
}

/** Turns cards onto the discard pile until a number card shows; the others stay beneath it. */
export function turnFirstDiscard(s: EightsState, events: GameEvent[]): void {
  for (;;) {
    const card = takeFromPile(s, events);
    if (card === null) throw new Error('No number card left to start the discard pile');
    putOnDiscard(s, card);
    const c = parseCard(card);
    if (c.kind === 'number') {
      s.colour = c.colour!;
      return;
    }
  }
}

// ---- moves -------------------------------------------------------------------------------

export function applyMove(state: EightsState, seat: Seat, move: EightsMove): Result {
  const n = state.names.length;
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) return err({ code: 'no_such_seat' });
  if (state.winner !== null) return err({ code: 'game_over' });
  if (move.type === 'catch') return applyCatch(state, seat, move.target);
  if (seat !== state.turn) return err({ code: 'not_your_turn', seat: state.turn });
  switch (move.type) {
    case 'play':
      return applyPlay(state, seat, move);
    case 'draw':
      return applyDraw(state, seat);
    case 'keep':
      return applyKeep(state, seat);
  }
}

function refusePlay(s: EightsState, seat: Seat, move: PlayMove): Result | null {
  if (!s.hands[seat]!.includes(move.card)) return err({ code: 'card_not_in_hand', card: move.card });
  if (s.drawn !== null && move.card !== s.drawn) {
    return err({ code: 'must_play_drawn_or_keep', card: s.drawn });
  }
  const c = parseCard(move.card);
  if (c.wild && move.color === undefined) return err({ code: 'colour_required', card: move.card });
  if (!c.wild && move.color !== undefined) return err({ code: 'colour_not_allowed' });
  if (s.pendingDraw > 0) {
    if (!s.options.stacking) return err({ code: 'must_take', count: s.pendingDraw });
    if (c.draw === 0) return err({ code: 'must_stack_or_take', count: s.pendingDraw });
    return null;
  }
  if (c.kind === 'reverse' && s.reverses >= REVERSE_LIMIT) {
    return err({ code: 'reverse_limit', limit: REVERSE_LIMIT });
  }
  if (!matches(move.card, topCard(s), s.colour)) {
    return err({ code: 'card_not_playable', card: move.card, top: topCard(s), colour: s.colour });
  }
  return null;
}

function applyPlay(state: EightsState, seat: Seat, move: PlayMove): Result {
  const refused = refusePlay(state, seat, move);
  if (refused) return refused;
  const s = cloneState(state);
  const c = parseCard(move.card);
  const hand = s.hands[seat]!;
  hand.splice(hand.indexOf(move.card), 1);
  putOnDiscard(s, move.card);
  s.catchable = null;
  s.drawn = null;
  s.reverses = c.kind === 'reverse' ? s.reverses + 1 : 0;
  s.colour = move.color ?? c.colour!;
  const events: GameEvent[] = [{ type: 'play', seat, card: move.card }];
  if (c.wild) events.push({ type: 'colour', seat, colour: s.colour });

  if (hand.length === 0) {
    endHand(s, seat, events);
    return { ok: true, state: s, events };
  }
  if (hand.length === 1) {
    if (move.lastCard === true) {
      s.announced[seat] = true;
      events.push({ type: 'lastCard', seat });
    } else {
      s.catchable = seat;
    }
  }

  const n = s.names.length;
  if (c.draw > 0) {
    s.pendingDraw += c.draw;
    passTurn(s, seatAfter(s, seat));
  } else if (c.kind === 'skip') {
    // Never skip round to the player who played it: with few players Skip just means "go again".
    const skipped = Math.min(s.options.skipTwo ? 2 : 1, n - 1);
    for (let i = 1; i <= skipped; i++) skipEvent(s, seatAfter(s, seat, i), events);
    passTurn(s, seatAfter(s, seat, skipped + 1));
  } else if (c.kind === 'reverse') {
    s.direction = s.direction === 1 ? -1 : 1;
    events.push({ type: 'direction', direction: s.direction });
    if (n === 2) {
      skipEvent(s, seatAfter(s, seat), events);
      passTurn(s, seat);
    } else {
      passTurn(s, seatAfter(s, seat));
    }
  } else {
    passTurn(s, seatAfter(s, seat));
  }
  return { ok: true, state: s, events };
}

function skipEvent(s: EightsState, skipped: Seat, events: GameEvent[]): void {
  events.push({ type: 'skip', seat: skipped });
}

function applyDraw(state: EightsState, seat: Seat): Result {
  if (state.drawn !== null) return err({ code: 'already_drawn' });
  const s = cloneState(state);
  const events: GameEvent[] = [];
  s.catchable = null;
  if (s.pendingDraw > 0) {
    const owed = s.pendingDraw;
    const got = giveCards(s, seat, owed, events).length;
    s.pendingDraw = 0;
    events.push({ type: 'take', seat, count: got, owed });
    passTurn(s, seatAfter(s, seat));
    return { ok: true, state: s, events };
  }
  const [card] = giveCards(s, seat, 1, events);
  if (card === undefined) {
    events.push({ type: 'draw', seat, count: 0 });
    passTurn(s, seatAfter(s, seat));
  } else {
    events.push({ type: 'draw', seat, count: 1 });
    if (playableOnPile(s, card)) s.drawn = card;
    else passTurn(s, seatAfter(s, seat));
  }
  return { ok: true, state: s, events };
}

function applyKeep(state: EightsState, seat: Seat): Result {
  if (state.drawn === null) return err({ code: 'nothing_to_keep' });
  const s = cloneState(state);
  s.drawn = null;
  s.catchable = null;
  passTurn(s, seatAfter(s, seat));
  return { ok: true, state: s, events: [{ type: 'keep', seat }] };
}

function applyCatch(state: EightsState, seat: Seat, target: Seat): Result {
  if (target >= state.names.length) return err({ code: 'no_such_seat' });
  if (target === seat) return err({ code: 'cannot_catch_self' });
  if (state.catchable !== target) return err({ code: 'nothing_to_catch', seat: target });
  const s = cloneState(state);
  const events: GameEvent[] = [];
  s.catchable = null;
  giveCards(s, target, CATCH_PENALTY, events);
  events.push({
    type: 'catch',
    seat,
    target,
  });
  return { ok: true, state: s, events };
}

// ---- end of a hand -----------------------------------------------------------------------

function endHand(s: EightsState, winner: Seat, events: GameEvent[]): void {
  const pointsLeft = s.hands.map((hand) => hand.reduce((sum, card) => sum + eightsCardPoints(card), 0));
  const points = pointsLeft.reduce((a, b) => a + b, 0);
  s.scores[winner]! += points;
  s.lastHand = { hand: s.handNumber, winner, points, cardsLeft: s.hands.map((h) => h.length), pointsLeft };
  s.pendingDraw = 0;
  s.drawn = null;
  s.catchable = null;
  const match = s.options.scoring === 'match';
  events.push({
    type: 'handWon',
    seat: winner,
    points,
    hand: s.handNumber,
    match,
  });
  if (!match || s.scores[winner]! >= s.options.target) {
    s.winner = winner;
    if (match) events.push({ type: 'gameWon', seat: winner, points: s.scores[winner] });
    return;
  }
  s.handNumber += 1;
  dealHand(s, events);
  events.push({ type: 'newHand', seat: s.turn, hand: s.handNumber });
}
