/**
 * Turning the player's selection into moves, previewing a meld before it is laid, the
 * running total toward the first declaration, and the line that says what to do now.
 * Everything works from the seat's view alone.
 */
import { isJoker } from '../../../../shared/cards/playing-cards';
import { layoutMeld, meldPoints, swapJoker, type StandIns } from '../../../../shared/games/rummy/melds';
import { isolate } from '../../i18n/games';
import type { MeldView, RummyMove, RummyView } from '../../../../shared/games/rummy/types';
import type { RummyText } from './text';
import { resultLine } from './words';

export interface StandInChoice {
  /** Joker id → face it stands for. */
  as: StandIns;
  /** e.g. "Joker as 7♥". */
  label: string;
  points: number;
}

export type MeldPreview =
  { ok: true; kind: 'run' | 'set'; points: number; pure: boolean; label: string; choices: StandInChoice[] } | { ok: false; message: string };

function standInsOf(cards: { card: string; as?: string }[]): StandIns {
  const as: StandIns = {};
  for (const mc of cards) if (isJoker(mc.card) && mc.as) as[mc.card] = mc.as;
  return as;
}

function choiceLabel(as: StandIns, tx: RummyText): string {
  return Object.values(as)
    .map((face) => tx.t('jokerAs', { card: tx.card(face) }))
    .join(tx.t('log.list'));
}

/**
 * What the selected cards would make as a new meld: its kind and points, or the reason it
 * is not a meld (the rules' own wording). When the jokers could stand for different cards,
 * `choices` lists each way (best first) so the player can pick.
 */
export function previewMeld(selection: readonly string[], tx: RummyText, chosen?: StandIns): MeldPreview {
  if (selection.length === 0) return { ok: false, message: tx.t('guide.selectCards') };
  const laid = layoutMeld(selection, chosen ?? {});
  if (!laid.ok) return { ok: false, message: tx.rule(laid.error) };
  const seen = new Set<string>();
  const choices: StandInChoice[] = [];
  for (const alt of laid.alternatives) {
    const as = standInsOf(alt.cards);
    const key = JSON.stringify(Object.entries(as).sort());
    if (Object.keys(as).length === 0 || seen.has(key)) continue;
    seen.add(key);
    choices.push({ as, label: choiceLabel(as, tx), points: meldPoints(alt) });
  }
  const layout = laid.layout;
  const pure = layout.kind === 'run' && layout.cards.every((mc) => !isJoker(mc.card));
  return { ok: true, kind: layout.kind, points: meldPoints(layout), pure, label: meldCards(layout.cards, tx), choices: choices.length > 1 ? choices : [] };
}

/** The stand-ins a meld move should carry: only when the player picked a non-default layout. */
export function meldMove(selection: readonly string[], chosen?: StandIns): RummyMove {
  const move: RummyMove = { type: 'meld', cards: [...selection] };
  if (chosen && Object.keys(chosen).length > 0) move.as = { ...chosen };
  return move;
}

/**
 * The move for dropping (or tapping with) `cards` on a table meld: a lone natural card that
 * a joker of the meld stands for swaps that joker out; anything else extends the meld.
 */
export function meldTargetMove(cards: readonly string[], meld: MeldView, as?: StandIns): RummyMove | null {
  if (cards.length === 0) return null;
  if (cards.length === 1 && !isJoker(cards[0]!) && swapJoker(meld, cards[0]!).ok) {
    return { type: 'swapJoker', meldId: meld.id, card: cards[0]! };
  }
  const move: RummyMove = { type: 'extend', meldId: meld.id, cards: [...cards] };
  // Only stand-ins for jokers being added count (a hint may name where a joker goes).
  const wanted = Object.fromEntries(Object.entries(as ?? {}).filter(([joker]) => cards.includes(joker)));
  if (Object.keys(wanted).length > 0) move.as = wanted;
  return move;
}

export interface DeclarationProgress {
  /** Points laid this turn (the draft), plus the selection if it makes a meld. */
  points: number;
  /** Points already laid this turn. */
  laid: number;
  target: number;
  pure: boolean;
  /** The laid melds plus the selection make a valid declaration. */
  enough: boolean;
}

/**
 * The running total toward a first declaration, counting the selected meld as if it were
 * laid. Null when it does not apply: not your play phase, melds not open yet, or declared.
 */
export function declarationProgress(view: RummyView, preview: MeldPreview | null): DeclarationProgress | null {
  const you = view.you;
  if (!you || !you.isTurn || view.phase !== 'play' || you.declared || view.round < view.meldRound || !view.draft) return null;
  const extra = preview && preview.ok ? preview : null;
  const points = view.draft.points + (extra?.points ?? 0);
  const pure = view.draft.hasPureSequence || (extra?.pure ?? false);
  return { points, laid: view.draft.points, target: view.declarationMinimum, pure, enough: points >= view.declarationMinimum && pure };
}

function nameOf(view: RummyView, seat: number): string {
  return isolate(view.players[seat]?.name ?? `${seat + 1}`);
}

/** One line saying what the player can do now (or whom everyone waits for). */
export function turnGuidance(view: RummyView, tx: RummyText): string {
  const you = view.you;
  if (view.phase === 'over')
    return view.result ? resultLine(view.result.winners, view.result.points, { names: view.players.map((p) => p.name), options: {} }) : tx.t('guide.over');
  if (!you || !you.isTurn) {
    const name = nameOf(view, view.turn);
    return view.seat === null ? tx.t('guide.theirTurn', { name }) : tx.t('guide.waiting', { name });
  }
  const open = view.round >= view.meldRound;
  const n = isolate(view.meldRound);
  if (view.phase === 'draw') {
    if (!open) return tx.t('guide.drawEarly', { n });
    if (you.canTakeDiscard && view.discardTop) return tx.t('guide.drawOrTake', { card: tx.card(view.discardTop) });
    return tx.t('guide.draw');
  }
  if (!open) return tx.t('guide.discardEarly', { n });
  if (you.canClose && view.hand?.length === 1) return tx.t('guide.canClose', { card: tx.card(view.hand[0]!) });
  if (view.draft && view.draft.blockers.length > 0) return tx.blocker(view.draft.blockers[0]!);
  if (!you.declared && !you.mayExtend) return tx.t('guide.declare', { n: isolate(view.declarationMinimum) });
  return tx.t('guide.play');
}

/** The cards of a meld in full, a joker with the card it stands for ("Joker as 4 of hearts"). */
export function meldCards(cards: readonly { card: string; as?: string }[], tx: RummyText): string {
  return cards.map((mc) => (isJoker(mc.card) && mc.as ? tx.t('jokerAs', { card: tx.card(mc.as) }) : tx.card(mc.card))).join(tx.t('log.list'));
}

/** "Ana's sequence …" style label of a table meld, for buttons and screen readers. */
export function meldName(view: RummyView, meld: MeldView, tx: RummyText): string {
  const kind = tx.t(meld.kind === 'run' ? 'meld.run' : 'meld.set');
  const cards = meldCards(meld.cards, tx);
  return meld.owner === view.seat ? tx.t('meld.yours', { kind, cards }) : tx.t('meld.theirs', { kind, cards, name: nameOf(view, meld.owner) });
}

/** Cards that are new in the hand since `before` (the card just drawn or taken, a freed joker). */
export function newCards(before: readonly string[] | null, after: readonly string[] | null): string[] {
  if (!before || !after) return [];
  const had = new Set(before);
  return after.filter((c) => !had.has(c));
}

/** Table melds with a joker standing for exactly this natural card (where a swap could go). */
export function swapTargets(view: RummyView, card: string): MeldView[] {
  if (isJoker(card)) return [];
  return view.table.flat().filter((m) => swapJoker(m, card).ok);
}

/**
 * The line under the declaration total about the current selection: what it makes, or
 * what to do with it (pick more, tap a meld to add, swap for a joker).
 */
export function selectionAdvice(view: RummyView, selection: readonly string[], preview: MeldPreview, tx: RummyText): string | null {
  if (preview.ok) return null;
  if (selection.length >= 3) return preview.message;
  if (selection.length === 1) {
    const swaps = swapTargets(view, selection[0]!);
    if (swaps.length > 0) {
      return tx.t('guide.swap', { meld: meldName(view, swaps[0]!, tx), card: tx.card(selection[0]!) });
    }
  }
  return tx.t('guide.selected', {}, selection.length);
}
