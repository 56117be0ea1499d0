/**
 * What the Eights table draws, worked out from card ids and the view alone (no DOM),
 * so it can be tested under Node.
 */
import { COLOURS, parseCard, type Colour } from '../../../../shared/games/eights/cards';
import type { EightsView } from '../../../../shared/games/eights/types';
import { isolate } from '../../i18n/games';
import type { SeatPresence } from '../../table/presence';

/** A shape per colour, so players who cannot tell the colours apart can still read them. */
export type ColourShape = 'circle' | 'triangle' | 'square' | 'star';
export const COLOUR_SHAPES: Record<Colour, ColourShape> = { r: 'circle', g: 'triangle', b: 'square', y: 'star' };

/** Fill and the ink that stays readable on it. */
export const COLOUR_STYLES: Record<Colour, { fill: string; ink: string }> = {
  r: { fill: '#d33a2c', ink: '#fff' },
  g: { fill: '#1f8f47', ink: '#fff' },
  b: { fill: '#1e63c4', ink: '#fff' },
  y: { fill: '#f3c316', ink: '#1b1f24' },
};

/** A message key under the app's i18n, with its parameters (which may be messages too). */
export interface Msg {
  key: string;
  params?: Record<string, string | number | Msg>;
}
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Renders a message with `t`, translating message-valued parameters first. */
export function say(t: Translate, msg: Msg): string {
  if (!msg.params) return t(msg.key);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(msg.params)) params[name] = typeof value === 'object' ? say(t, value) : value;
  return t(msg.key, params);
}

export const colourMsg = (colour: Colour): Msg => ({ key: `eights.colours.${colour}` });

export type FaceIcon = 'skip' | 'reverse';
/** Every symbol Glyph.vue can draw. */
export type GlyphName = ColourShape | FaceIcon | 'cw' | 'ccw';

export interface CardFace {
  id: string;
  /** null for wilds (they are drawn in all four colours). */
  colour: Colour | null;
  wild: boolean;
  /** The large index as text ("7", "+2", "8", "+20"); empty when `icon` is drawn instead. */
  index: string;
  icon: FaceIcon | null;
  /** 6 and 9 are underlined so they cannot be read upside down as each other. */
  underline: boolean;
  /** One-character-ish stand-in for the index in plain text: "7", "⊘", "⇄", "+2". */
  symbol: string;
}

const faceCache = new Map<string, CardFace>();

export function cardFace(id: string): CardFace {
  const cached = faceCache.get(id);
  if (cached) return cached;
  const c = parseCard(id);
  let index = '';
  let icon: FaceIcon | null = null;
  switch (c.kind) {
    case 'number':
      index = String(c.value);
      break;
    case 'skip':
      icon = 'skip';
      break;
    case 'reverse':
      icon = 'reverse';
      break;
    case 'draw2':
      index = '+2';
      break;
    case 'wild':
      index = '8';
      break;
    case 'draw4':
      index = '+4';
      break;
    case 'draw20':
      index = '+20';
      break;
  }
  const symbol = icon === 'skip' ? '⊘' : icon === 'reverse' ? '⇄' : index;
  const underline = c.value === 6 || c.value === 9;
  const face: CardFace = { id, colour: c.colour ?? null, wild: c.wild, index, icon, symbol, underline };
  faceCache.set(id, face);
  return face;
}

/** What a card is called, e.g. "Red 7" (the label read out and shown on hover). */
export function cardMsg(id: string): Msg {
  const c = parseCard(id);
  const key = `eights.card.${c.kind}`;
  if (!c.colour) return { key };
  return { key, params: { colour: colourMsg(c.colour), ...(c.value === undefined ? {} : { value: c.value }) } };
}

const KIND_ORDER = ['number', 'skip', 'reverse', 'draw2', 'wild', 'draw4', 'draw20'] as const;

function sortKey(id: string): number[] {
  const c = parseCard(id);
  const colour = c.colour === undefined ? COLOURS.length : COLOURS.indexOf(c.colour);
  return [colour, KIND_ORDER.indexOf(c.kind), c.value ?? 0];
}

/** The hand grouped by colour (wilds last), numbers first in order, then actions. */
export function sortHand(hand: readonly string[]): string[] {
  const keys = new Map(hand.map((id) => [id, sortKey(id)]));
  return [...hand].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Seats other than the viewer's, in play order starting with the one after the viewer. */
export function otherSeats(count: number, me: number | null): number[] {
  if (me === null) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: count - 1 }, (_, i) => (me + 1 + i) % count);
}

/**
 * The line under the turn indicator. On your own turn it says what you can do (the
 * indicator itself already says "Your turn"); otherwise whom everyone waits for.
 */
export function turnLine(view: EightsView, me: number | null): Msg {
  const name = (seat: number) => view.seats[seat]?.name ?? `${seat + 1}`;
  if (view.winner !== null) return view.winner === me ? { key: 'eights.line.youWon' } : { key: 'eights.line.won', params: { name: name(view.winner) } };
  if (view.turn === null) return { key: 'eights.line.over' };
  if (view.turn !== me) return { key: me === null ? 'eights.line.turnOf' : 'eights.line.waiting', params: { name: name(view.turn) } };
  if (view.step === 'drawn') return { key: 'eights.line.drawn' };
  if (view.step === 'stack') {
    return { key: view.playable.length > 0 ? 'eights.line.stackAdd' : 'eights.line.stackTake', params: { n: view.pendingDraw } };
  }
  return { key: view.playable.length > 0 ? 'eights.line.play' : 'eights.line.nothing' };
}

/** Label of the draw button: drawing one card, or taking the whole pending stack. */
export function drawLabel(view: EightsView): Msg {
  // The stack is the obligation of whoever's turn it is: a waiting player is never shown "Take +n".
  return view.step === 'stack' && view.turn === view.seat ? { key: 'eights.action.take', params: { n: view.pendingDraw } } : { key: 'eights.action.draw' };
}

/** The "Last card!" call matters only when the play about to be made leaves one card. */
export function canCallLastCard(view: EightsView): boolean {
  return view.hand !== null && view.hand.length === 2 && view.turn === view.seat && view.playable.length > 0;
}

/** What a seat's tile says when read as one thing: name, cards, presence, last card, points, turn, win. */
export function seatSummary(
  t: Translate,
  info: EightsView['seats'][number],
  presence: SeatPresence | null,
  flags: { turn: boolean; winner: boolean; showScore: boolean },
): string {
  const parts = [isolate(info.name), info.cards === 1 ? t('eights.seat.cardOne') : t('eights.seat.cards', { n: info.cards })];
  if (presence === 'bot') parts.push(t('eights.seat.bot'));
  else if (presence === 'covered') parts.push(t('eights.seat.botPlaying'));
  else parts.push(presence === 'online' ? t('eights.seat.connected') : t('eights.seat.away'));
  if (info.announced) parts.push(t('eights.seat.lastCard'));
  if (flags.showScore) parts.push(t('eights.seat.points', { n: info.score }));
  if (flags.turn) parts.push(t('eights.seat.turn'));
  if (flags.winner) parts.push(t('eights.seat.winner'));
  return parts.join(t('common.list'));
}
