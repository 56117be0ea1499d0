/**
 * Text for the terminal game: cards with suit symbols (hearts and diamonds in red when
 * colour is on), hands with numbers to pick cards by, the table, menus and score tables.
 * Pure functions of the engine's view, so they are tested directly.
 */
import { SUIT_IS_RED, SUIT_SYMBOL, type Suit } from '../../../cards/playing-cards';
import { isJoker, rankNumber, rankOf, suitOf } from '../cards';
import type { MeldCard } from '../melds';
import type { MeldView, RummyView } from '../types';
import { refusalLine } from './words';

export interface Style {
  color: boolean;
}

const ESC = '\x1b[';
const paint = (style: Style, code: string, text: string) => (style.color ? `${ESC}${code}m${text}${ESC}0m` : text);
export const bold = (style: Style, text: string) => paint(style, '1', text);
export const dim = (style: Style, text: string) => paint(style, '2', text);
const red = (style: Style, text: string) => paint(style, '31', text);
const magenta = (style: Style, text: string) => paint(style, '35', text);

/** Removes ANSI colour codes (for measuring and for tests). */
export function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}

function faceText(face: string): string {
  const r = rankOf(face);
  return `${r === 'T' ? '10' : r}${SUIT_SYMBOL[suitOf(face) as Suit]}`;
}

/** "10♥" in red, "K♠", "Joker". */
export function cardText(card: string, style: Style): string {
  if (isJoker(card)) return magenta(style, 'Joker');
  const text = faceText(card);
  return SUIT_IS_RED[suitOf(card) as Suit] ? red(style, text) : text;
}

/** A meld card: natural as above, a joker with the card it stands for: "Joker(9♦)". */
export function meldCardText(mc: MeldCard, style: Style): string {
  if (!isJoker(mc.card)) return cardText(mc.card, style);
  const stand = mc.as ? faceText(mc.as) : '?';
  return magenta(style, `Joker(${stand})`);
}

const SUIT_ORDER = ['S', 'H', 'C', 'D'];

/** The hand sorted for reading: by suit (alternating colours), then rank; jokers last. */
export function displayOrder(hand: readonly string[]): string[] {
  const key = (c: string) =>
    isJoker(c) ? 100 + Number(c.slice(1)) : SUIT_ORDER.indexOf(suitOf(c)) * 20 + (rankNumber(rankOf(c)) === 1 ? 14 : rankNumber(rankOf(c)));
  return [...hand].sort((a, b) => key(a) - key(b) || a.localeCompare(b));
}

/** "1:5♥  2:6♥ ..." — numbered in display order. */
export function handText(hand: readonly string[], style: Style): string {
  return displayOrder(hand)
    .map((c, i) => `${dim(style, `${i + 1}:`)}${cardText(c, style)}`)
    .join('  ');
}

/** Turns "3 5 7" (or "3,5,7") into cards of the displayed hand; null if any number is off. */
export function pickCards(input: string, hand: readonly string[]): string[] | null {
  const order = displayOrder(hand);
  const parts = input.split(/[\s,]+/).filter((p) => p.length > 0);
  if (parts.length === 0) return null;
  const picked: string[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > order.length) return null;
    const card = order[n - 1]!;
    if (picked.includes(card)) return null;
    picked.push(card);
  }
  return picked;
}

export function meldText(meld: MeldView, style: Style): string {
  return meld.cards.map((mc) => meldCardText(mc, style)).join(' ');
}

/** Table melds numbered in order, for choosing one to extend or swap from. */
export function numberedMelds(view: RummyView): MeldView[] {
  return view.table.flat();
}

export function tableText(view: RummyView, style: Style): string {
  const numbered = numberedMelds(view);
  const lines: string[] = [];
  view.players.forEach((p, seat) => {
    const melds = view.table[seat]!;
    const tag = p.declared ? ' (declared)' : '';
    const body =
      melds.length === 0
        ? dim(style, '—')
        : melds
            .map((m) => {
              const n = numbered.indexOf(m) + 1;
              const draft = m.draft ? dim(style, ' *') : '';
              return `[${n}] ${meldText(m, style)}${draft}`;
            })
            .join('   ');
    lines.push(`  ${p.name}${tag}: ${body}`);
  });
  return lines.join('\n');
}

export function statusText(view: RummyView, style: Style): string {
  const me = view.seat;
  const others = view.players
    .filter((p) => p.seat !== me)
    .map((p) => `${p.name} ${p.cards} cards${p.declared ? ', declared' : ''}${view.options.deals === 'match' ? `, total ${p.total}` : ''}`)
    .join(' · ');
  const top = view.discardTop ? cardText(view.discardTop, style) : dim(style, 'empty');
  const open = view.round >= view.meldRound ? 'melds open' : `melds open in round ${view.meldRound}`;
  return [
    bold(style, `Deal ${view.deal} · Round ${view.round} (${open})`),
    `Discard pile: ${top} (${view.discardCount})   Draw pile: ${view.pileCount} cards`,
    others,
  ].join('\n');
}

export function draftText(view: RummyView, style: Style): string {
  const d = view.draft;
  if (!d || !view.you) return '';
  const lines: string[] = [];
  if (!view.you.declared && (d.points > 0 || d.actions > 0)) {
    const pure = d.hasPureSequence ? 'with a pure sequence' : 'no pure sequence yet';
    lines.push(`This turn's melds: ${d.points} of ${view.declarationMinimum} points, ${pure}.`);
  }
  if (d.takenDiscard && !d.takenDiscardMelded) lines.push(`You must meld ${cardText(d.takenDiscard, style)} this turn.`);
  for (const b of d.blockers) {
    const text = refusalLine(b, []);
    if (!lines.some((l) => plain(l) === text)) lines.push(dim(style, text));
  }
  return lines.join('\n');
}

export interface MenuItem {
  key: string;
  label: string;
}

/** The fixed-number menu for the player whose turn it is (only what is possible now). */
export function menuFor(view: RummyView, style: Style): MenuItem[] {
  const you = view.you;
  if (!you || !you.isTurn) return [];
  if (view.phase === 'draw') {
    const items: MenuItem[] = [{ key: '1', label: 'Draw from the pile' }];
    if (you.canTakeDiscard && view.discardTop) {
      const hint = you.discardUsable ? ' (you can meld it)' : '';
      items.push({ key: '2', label: `Take the discard ${cardText(view.discardTop, style)}, to meld it this turn${hint}` });
    }
    items.push({ key: 'h', label: 'Hint' }, { key: 'q', label: 'Quit' });
    return items;
  }
  const items: MenuItem[] = [];
  if (you.mayMeld) items.push({ key: '1', label: you.declared || you.mayExtend ? 'Lay a meld' : 'Lay a meld (toward your declaration)' });
  if (you.mayMeld) items.push({ key: '2', label: 'Add cards to a meld on the table' });
  if (you.mayMeld && view.table.flat().some((m) => m.cards.some((mc) => isJoker(mc.card)))) items.push({ key: '3', label: 'Swap a joker' });
  if (view.draft && view.draft.actions > 0) items.push({ key: '4', label: "Undo this turn's melds" });
  if (view.draft?.takenDiscard) items.push({ key: '5', label: 'Put the taken discard back and draw again' });
  if (you.discardable.length > 0) items.push({ key: '6', label: 'Discard (ends your turn)' });
  if (you.canClose) items.push({ key: '7', label: 'Close: lay your last card face down (ends the deal)' });
  items.push({ key: 'h', label: 'Hint' }, { key: 'q', label: 'Quit' });
  return items;
}

export function menuText(items: MenuItem[]): string {
  return items.map((i) => `  ${i.key}) ${i.label}`).join('\n');
}

/** The score table after a deal, with running totals in a match. */
export function dealSummaryText(view: RummyView, style: Style): string {
  const last = view.lastDeal;
  if (!last) return '';
  const nameWidth = Math.max(...view.players.map((p) => p.name.length), 6);
  const lines = [bold(style, `Deal ${last.deal} — scores`)];
  lines.push(`  ${'Player'.padEnd(nameWidth)}  Deal  Total  Note`);
  for (const row of last.rows) {
    const p = view.players[row.seat]!;
    const note =
      row.seat === last.closer
        ? 'closed'
        : !row.declared
          ? `not declared${row.jokersLeft > 0 ? `, ${row.jokersLeft} joker${row.jokersLeft > 1 ? 's' : ''}` : ''}`
          : `${row.cardsLeft} card${row.cardsLeft === 1 ? '' : 's'} left`;
    lines.push(`  ${p.name.padEnd(nameWidth)}  ${String(row.points).padStart(4)}  ${String(p.total).padStart(5)}  ${note}`);
  }
  if (last.closer === null) lines.push(dim(style, '  Nobody closed: the cards ran out.'));
  return lines.join('\n');
}

/** The whole screen of the player whose turn it is (or of a spectator between turns). */
export function screenText(view: RummyView, style: Style): string {
  const parts = [statusText(view, style), bold(style, 'Table'), tableText(view, style)];
  if (view.hand) parts.push(bold(style, 'Your hand'), `  ${handText(view.hand, style)}`);
  const draft = draftText(view, style);
  if (draft) parts.push(draft);
  return parts.join('\n');
}
