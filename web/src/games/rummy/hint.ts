/**
 * The Rummy table's hint, as its board shows it: the game's own hint (shared/games/rummy/hint.ts,
 * worked out from the seat's view alone) turned into what the board highlights and selects, and
 * worded. The Hint button runs it here in the browser, with no round trip and no work for the
 * Worker (the finder searches); "How to play" gets the same hint from the room (`fromGame`).
 */
import type { Hint as GameHint } from '../../../../shared/engine/types';
import { rummyHint, type RummyHintWhy } from '../../../../shared/games/rummy/hint';
import type { StandIns } from '../../../../shared/games/rummy/melds';
import type { RummyMove, RummyView } from '../../../../shared/games/rummy/types';
import type { RummyText } from './text';
import { isolate } from '../../i18n/games';

export type HintStep =
  | { kind: 'meld'; cards: string[]; as: StandIns }
  | { kind: 'extend'; meldId: string; cards: string[]; as: StandIns }
  | { kind: 'swap'; meldId: string; card: string };

export type Hint =
  | { kind: 'draw'; from: 'pile' | 'discard'; text: string }
  | { kind: 'step'; step: HintStep; text: string }
  | { kind: 'discard'; card: string; text: string }
  | { kind: 'close'; card: string; text: string }
  /** Nothing to lay; `undo`: the turn is better started over (Undo, or Put back with `returnDiscard`). */
  | { kind: 'none'; text: string; undo?: { returnDiscard: boolean } };

/** The reason in the reader's language (the board's words, which say what it selected for you). */
export function hintText(view: RummyView, why: RummyHintWhy, tx: RummyText): string {
  const owner = (seat: number) =>
    seat < 0 ? tx.t('hint.aMeld') : seat === view.seat ? tx.t('hint.yourMeld') : tx.t('hint.theirMeld', { name: isolate(view.players[seat]?.name ?? '') });
  switch (why.code) {
    case 'take_discard':
      return tx.t('hint.takeDiscard', { card: tx.card(why.card) });
    case 'draw_pile':
      return tx.t('hint.drawPile');
    case 'close':
      return tx.t('hint.close', { card: tx.card(why.card) });
    case 'off_plan':
      return tx.t('hint.offPlan');
    case 'cannot_meld_taken':
      return tx.t('hint.cannotMeldTaken', { card: tx.card(why.card) });
    case 'blocked': {
      const b = why.blocker;
      const blocker =
        b === 'discard_not_melded'
          ? { code: b, card: why.card ?? '' }
          : b === 'declaration_too_small'
            ? { code: b, need: why.need ?? 0, points: why.points ?? 0 }
            : { code: b };
      return tx.t('hint.blocked', { reason: tx.blocker(blocker) });
    }
    case 'discard':
      return tx.t('hint.discard', { card: tx.card(why.card) });
    case 'meld':
      return why.points === null
        ? tx.t('hint.meld', { cards: tx.cards(why.cards) })
        : tx.t('hint.meldDeclaring', { cards: tx.cards(why.cards), n: isolate(why.points) });
    case 'extend':
      return tx.t('hint.extend', { cards: tx.cards(why.cards), meld: owner(why.owner) });
    case 'swap':
      return tx.t('hint.swap', { card: tx.card(why.card), meld: owner(why.owner) });
  }
}

/** The game's hint as the board shows it. */
export function fromGame(view: RummyView, hint: GameHint<RummyMove, RummyHintWhy> | null, tx: RummyText): Hint {
  if (!hint) return { kind: 'none', text: tx.t('hint.notYourTurn') };
  const text = hintText(view, hint.why, tx);
  const m = hint.move;
  switch (m.type) {
    case 'draw':
      return { kind: 'draw', from: m.from, text };
    case 'discard':
      return { kind: 'discard', card: m.card, text };
    case 'close':
      return { kind: 'close', card: m.card, text };
    case 'meld':
      return { kind: 'step', step: { kind: 'meld', cards: m.cards, as: m.as ?? {} }, text };
    case 'extend':
      return { kind: 'step', step: { kind: 'extend', meldId: m.meldId, cards: m.cards, as: m.as ?? {} }, text };
    case 'swapJoker':
      return { kind: 'step', step: { kind: 'swap', meldId: m.meldId, card: m.card }, text };
    case 'undo':
      return { kind: 'none', text, undo: { returnDiscard: m.returnDiscard === true } };
  }
}

/** What the finder suggests now for the viewing seat, worded by `tx`. */
export function hintFor(view: RummyView, tx: RummyText): Hint {
  return fromGame(view, rummyHint(view), tx);
}
