/**
 * Eights cards as short strings: colour letter + symbol ("r5", "gS", "bR", "yD") or a wild
 * ("W8", "W4", "WX"), then a copy suffix so every physical card has its own id ("r5#2").
 */
import { nextInt, type RngState } from '../../cards/rng';

export const COLOURS = ['r', 'g', 'b', 'y'] as const;
export type Colour = (typeof COLOURS)[number];
export const COLOUR_NAMES: Record<Colour, string> = { r: 'red', g: 'green', b: 'blue', y: 'yellow' };

export type CardKind = 'number' | 'skip' | 'reverse' | 'draw2' | 'wild' | 'draw4' | 'draw20';

/** What a card is, independent of its copy suffix. */
export interface EightsCard {
  /** The id without its copy suffix, e.g. "r5", "gS", "W4". */
  face: string;
  kind: CardKind;
  /** Set for coloured cards only. */
  colour?: Colour;
  /** Set for number cards only (0–7 and 9). */
  value?: number;
  /** Plays on anything; the player names the next colour. */
  wild: boolean;
  /** Cards the +card adds to the pending draw (0 for other cards). */
  draw: number;
  /** Match-scoring value when left in a losing hand. */
  points: number;
  /** English label, e.g. "Red 7", "Green Skip", "Wild +4". */
  label: string;
}

const NUMBER_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 9] as const;
const ACTIONS = [
  { symbol: 'S', kind: 'skip', draw: 0, name: 'Skip' },
  { symbol: 'R', kind: 'reverse', draw: 0, name: 'Reverse' },
  { symbol: 'D', kind: 'draw2', draw: 2, name: '+2' },
] as const;
const WILDS = [
  { face: 'W8', kind: 'wild', copies: 8, draw: 0, points: 50, label: 'Wild 8' },
  { face: 'W4', kind: 'draw4', copies: 4, draw: 4, points: 50, label: 'Wild +4' },
  { face: 'WX', kind: 'draw20', copies: 2, draw: 20, points: 100, label: 'Wild +20' },
] as const;
const ACTION_POINTS = 20;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const FACES = new Map<string, EightsCard>();
/** Every face with its number of copies in the finite deck. */
const FACE_COPIES: [string, number][] = [];

function addFace(card: EightsCard, copies: number): void {
  FACES.set(card.face, Object.freeze(card));
  FACE_COPIES.push([card.face, copies]);
}

for (const colour of COLOURS) {
  const name = capitalised(COLOUR_NAMES[colour]);
  for (const value of NUMBER_VALUES) {
    addFace({ face: `${colour}${value}`, kind: 'number', colour, value, wild: false, draw: 0, points: value, label: `${name} ${value}` }, value === 0 ? 1 : 2);
  }
  for (const a of ACTIONS) {
    addFace({ face: `${colour}${a.symbol}`, kind: a.kind, colour, wild: false, draw: a.draw, points: ACTION_POINTS, label: `${name} ${a.name}` }, 2);
  }
}
for (const w of WILDS) {
  addFace({ face: w.face, kind: w.kind, wild: true, draw: w.draw, points: w.points, label: w.label }, w.copies);
}

/** The faces of the finite deck, one entry per physical card (106), in a fixed order. */
export const DECK_FACES: readonly string[] = FACE_COPIES.flatMap(([face, copies]) => Array<string>(copies).fill(face));
export const DECK_SIZE = DECK_FACES.length;

/** The 106 card ids of the finite deck, unshuffled: "r0#1", "r1#1", "r1#2", ... */
export function fullDeck(): string[] {
  return FACE_COPIES.flatMap(([face, copies]) => Array.from({ length: copies }, (_, i) => `${face}#${i + 1}`));
}

/** A random face with the finite deck's proportions (the endless deck). */
export function randomFace(rng: RngState): string {
  return DECK_FACES[nextInt(rng, DECK_FACES.length)]!;
}

/** The id without its copy suffix: "r5#2" -> "r5". */
export function faceOf(card: string): string {
  const i = card.indexOf('#');
  return i < 0 ? card : card.slice(0, i);
}

export function isCardId(card: string): boolean {
  return FACES.has(faceOf(card)) && /^[^#]+#\d+$/.test(card);
}

/** What a card id stands for. Throws on something that is not an Eights card id. */
export function parseCard(card: string): EightsCard {
  const parsed = FACES.get(faceOf(card));
  if (!parsed) throw new RangeError(`Not an Eights card: ${card}`);
  return parsed;
}

/** English label for the UI and the move log, e.g. "Blue Reverse". */
export function describeCard(card: string): string {
  return parseCard(card).label;
}

/** What the card costs its holder when another player wins a hand in match scoring. */
export function eightsCardPoints(card: string): number {
  return parseCard(card).points;
}

/**
 * Whether `card` may go on `top` when `colour` is the colour in force (no draws pending).
 * Wilds go on anything; otherwise same colour, or same number, or same action symbol.
 * A wild on top is matched only through the colour its player named.
 */
export function matches(card: string, top: string, colour: Colour): boolean {
  const c = parseCard(card);
  if (c.wild || c.colour === colour) return true;
  const t = parseCard(top);
  if (t.wild) return false;
  return c.kind === t.kind && c.value === t.value;
}
