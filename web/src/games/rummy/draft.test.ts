import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rummy } from '../../../../shared/games/rummy/index';
import { cards, play, position } from '../../../../shared/games/rummy/testkit';
import type { MeldView } from '../../../../shared/games/rummy/types';
import {
  declarationProgress,
  meldMove,
  meldName,
  meldTargetMove,
  newCards,
  previewMeld as preview,
  selectionAdvice as advice,
  swapTargets,
  turnGuidance as guidance,
} from './draft';
import { hintFor } from './hint';
import { rummyTextIn, type RummyText } from './text';

/** English wording, with the bidi isolation marks around names and numbers taken out for readability. */
const en = rummyTextIn('en');
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const tx: RummyText = { ...en, t: (k, p, c) => plain(en.t(k, p, c)), blocker: (b) => plain(en.blocker(b)) };
const previewMeld = (sel: string[], chosen?: Record<string, string>) => preview(sel, tx, chosen);
const turnGuidance = (view: Parameters<typeof guidance>[0]) => guidance(view, tx);
const selectionAdvice = (view: Parameters<typeof advice>[0], sel: string[], p: Parameters<typeof advice>[2]) => advice(view, sel, p, tx);

const FILLER = cards('2D#2 3C#2 4D#2 6H#2 8C#2 9C#2 JD#2 QC#2 2S#2 3S#2 6C#2 7S#2 8H#2');

describe('meld preview', () => {
  it('names the kind and points of a valid selection, whatever order it was picked in', () => {
    const p = previewMeld(cards('7H 5H 6H'));
    expect(p).toMatchObject({ ok: true, kind: 'run', points: 18, pure: true, label: '5 of hearts, 6 of hearts, 7 of hearts' });
  });

  it('gives the rules own reason when the selection is not a meld', () => {
    expect(previewMeld(cards('5H 6H'))).toEqual({ ok: false, message: 'A meld needs at least 3 cards.' });
    expect(previewMeld(cards('5H 7H 9H'))).toMatchObject({ ok: false, message: expect.stringContaining('not consecutive') });
    expect(previewMeld([])).toMatchObject({ ok: false });
  });

  it('offers each place a joker could stand, best first, and follows the chosen one', () => {
    const p = previewMeld(['5H#1', '6H#1', 'X1']);
    if (!p.ok) throw new Error('expected a meld');
    expect(p.choices.map((c) => c.label)).toEqual(['Joker as 7 of hearts', 'Joker as 4 of hearts']);
    expect(p.points).toBe(18);
    const low = previewMeld(['5H#1', '6H#1', 'X1'], { X1: '4H' });
    expect(low).toMatchObject({ ok: true, points: 15, pure: false, label: 'Joker as 4 of hearts, 5 of hearts, 6 of hearts' });
  });

  it('a set with a joker has one layout and no choice to make', () => {
    const p = previewMeld(['QS#1', 'QH#1', 'X2']);
    expect(p).toMatchObject({ ok: true, kind: 'set', points: 30, choices: [] });
  });

  it('meld moves carry stand-ins only when the player picked them', () => {
    expect(meldMove(['a', 'b', 'c'])).toEqual({ type: 'meld', cards: ['a', 'b', 'c'] });
    expect(meldMove(['a', 'b', 'X1'], { X1: '4H' })).toEqual({ type: 'meld', cards: ['a', 'b', 'X1'], as: { X1: '4H' } });
  });
});

describe('dropping cards on a table meld', () => {
  const run: MeldView = { id: 'm1', owner: 1, kind: 'run', points: 18, cards: [{ card: '5H#1' }, { card: 'X1', as: '6H' }, { card: '7H#1' }] };
  const set3: MeldView = { id: 'm2', owner: 0, kind: 'set', points: 30, cards: [{ card: 'QS#1' }, { card: 'QH#1' }, { card: 'X2', as: 'QD' }] };

  it('the natural card a joker stands for swaps the joker out', () => {
    expect(meldTargetMove(['6H#2'], run)).toEqual({ type: 'swapJoker', meldId: 'm1', card: '6H#2' });
  });

  it('other cards extend the meld', () => {
    expect(meldTargetMove(['8H#1'], run)).toEqual({ type: 'extend', meldId: 'm1', cards: ['8H#1'] });
    expect(meldTargetMove(['3H#1', '4H#1'], run)).toEqual({ type: 'extend', meldId: 'm1', cards: ['3H#1', '4H#1'] });
  });

  it('a set joker is swapped only when the card makes all four suits, so a fourth card extends a set of three', () => {
    expect(meldTargetMove(['QD#2'], set3)).toEqual({ type: 'extend', meldId: 'm2', cards: ['QD#2'] });
  });

  it('a joker added to a meld carries the face the player (or the hint) chose for it', () => {
    expect(meldTargetMove(['X3'], run, { X3: '4H', X9: '9D' })).toEqual({ type: 'extend', meldId: 'm1', cards: ['X3'], as: { X3: '4H' } });
    expect(meldTargetMove(['8H#1'], run, { X3: '4H' })).toEqual({ type: 'extend', meldId: 'm1', cards: ['8H#1'] });
  });

  it('nothing selected, no move', () => {
    expect(meldTargetMove([], run)).toBeNull();
  });
});

describe('declaration progress and guidance', () => {
  // Ana holds a pure run 10-J-Q of spades (30) and three kings (30).
  const start = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), FILLER], round: 4, pileTop: ['9S#2'] });

  it('in the draw phase the guidance names both piles and the discard condition', () => {
    const text = turnGuidance(rummy.view(start, 0));
    expect(text).toMatch(/Draw from the pile, or take the .* if you can meld it this turn\./);
    expect(turnGuidance(rummy.view(start, 1))).toBe('Waiting for Ana.');
  });

  it('before round 4 the guidance says when melds open', () => {
    const early = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), FILLER], round: 2 });
    expect(turnGuidance(rummy.view(early, 0))).toBe('Draw a card from the pile. Melds open in round 4.');
  });

  it('counts the laid melds plus the selected one toward 48 and tracks the pure sequence', () => {
    const drawn = play(start, 0, { type: 'draw', from: 'pile' });
    const kings = previewMeld(cards('KH KD KC'));
    const before = declarationProgress(rummy.view(drawn, 0), kings);
    expect(before).toEqual({ points: 30, laid: 0, target: 48, pure: false, enough: false });
    const laid = play(drawn, 0, { type: 'meld', cards: cards('KH KD KC') });
    const run = previewMeld(cards('TS JS QS'));
    const after = declarationProgress(rummy.view(laid, 0), run);
    expect(after).toEqual({ points: 60, laid: 30, target: 48, pure: true, enough: true });
    // The engine agrees: the turn may not end on the kings alone.
    expect(turnGuidance(rummy.view(laid, 0))).toBe('Your first declaration needs 48 points; these melds make 30.');
  });

  it('no running total for someone who has declared or is not playing', () => {
    const drawn = play(start, 0, { type: 'draw', from: 'pile' });
    expect(declarationProgress(rummy.view(drawn, 1), null)).toBeNull();
    const declared = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), FILLER], round: 5, declared: [true, false], phase: 'play' });
    expect(declarationProgress(rummy.view(declared, 0), null)).toBeNull();
  });

  it('the card just drawn is the one new in the hand', () => {
    const drawn = play(start, 0, { type: 'draw', from: 'pile' });
    expect(newCards(rummy.view(start, 0).hand, rummy.view(drawn, 0).hand)).toEqual(['9S#2']);
    expect(newCards(null, ['a'])).toEqual([]);
  });
});

describe('selection advice', () => {
  const s0 = position({
    hands: [cards('6H 8H 3C 9D'), FILLER],
    table: [[1, cards('5H X1 7H'), { X1: '6H' }]],
    declared: [true, true],
    round: 6,
    phase: 'play',
  });
  const v = rummy.view(s0, 0);

  it('a lone card a table joker stands for points at the swap', () => {
    expect(swapTargets(v, '6H#1').map((m) => m.id)).toEqual(['m1']);
    expect(selectionAdvice(v, ['6H#1'], previewMeld(['6H#1']))).toBe(
      "Tap Bob's sequence 5 of hearts, Joker as 6 of hearts, 7 of hearts to swap your 6 of hearts for its joker, or pick more cards.",
    );
  });

  it('otherwise one or two cards are to be added to a meld or built on', () => {
    expect(swapTargets(v, '8H#1')).toEqual([]);
    expect(selectionAdvice(v, ['8H#1'], previewMeld(['8H#1']))).toBe('1 selected: pick more cards, or tap a meld on the table to add it.');
    expect(selectionAdvice(v, ['8H#1', '3C#1'], previewMeld(['8H#1', '3C#1']))).toMatch(/^2 selected/);
  });

  it('three or more cards that are no meld get the rules reason; a meld needs no advice', () => {
    expect(selectionAdvice(v, cards('8H 3C 9D'), previewMeld(cards('8H 3C 9D')))).toMatch(/set|sequence/);
    expect(selectionAdvice(v, cards('5C 6C 7C'), previewMeld(cards('5C 6C 7C')))).toBeNull();
  });
});

describe('wording in Arabic', () => {
  const ar = rummyTextIn('ar');
  const start = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), FILLER], round: 2 });

  it('words the guidance in Arabic with the round number isolated from the right-to-left text', () => {
    expect(guidance(rummy.view(start, 0), ar)).toBe('اسحب ورقة من الكومة. التنزيل يبدأ في الجولة \u20684\u2069.');
    expect(guidance(rummy.view(start, 1), ar)).toBe('بانتظار \u2068Ana\u2069.');
  });

  it("words the rules' refusal in Arabic by its code", () => {
    expect(preview(cards('5H 6H'), ar)).toEqual({ ok: false, message: 'التنزيلة تحتاج ثلاث أوراق على الأقل.' });
  });

  it('names cards in full in Arabic', () => {
    expect(preview(cards('7H 5H 6H'), ar)).toMatchObject({ ok: true, label: '5 هاص، 6 هاص، 7 هاص' });
  });

  it("words why the turn cannot end yet from the view's data, numbers isolated", () => {
    const open = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), FILLER], round: 4, pileTop: ['9S#2'] });
    const laid = play(open, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('KH KD KC') });
    expect(rummy.view(laid, 0).draft!.blockers).toEqual([{ code: 'declaration_too_small', need: 48, points: 30 }, { code: 'declaration_needs_pure' }]);
    expect(guidance(rummy.view(laid, 0), ar)).toBe('إعلانك الأول يحتاج \u206848\u2069 نقطة؛ هذه التنزيلات مجموعها \u206830\u2069.');
  });

  it('every line the table words in Arabic is Arabic: guidance, hints, selection advice and meld names over whole bot-played deals (property)', () => {
    const latin = /[A-Za-z]/;
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (seed, picks) => {
        // Arabic names, so any Latin letter left is a word the Arabic table would show in English.
        let s = rummy.setup(
          ['سارة', 'علي', 'منى'].map((name) => ({ name })),
          rummy.defaultOptions,
          `arabic-${seed}`,
        );
        for (let move = 0; move < 400 && s.phase !== 'over'; move++) {
          for (const seat of [0, 1, 2]) {
            const v = rummy.view(s, seat);
            const lines = [guidance(v, ar), hintFor(v, ar).text, ...v.table.flat().map((m) => meldName(v, m, ar))];
            const hand = v.hand ?? [];
            if (v.you?.isTurn && hand.length > 0) {
              for (let n = 1; n <= 4; n++) {
                const sel = [...new Set(picks.slice(0, n).map((p) => hand[p % hand.length]!))];
                const p = preview(sel, ar);
                lines.push(p.ok ? p.label : p.message, advice(v, sel, p, ar) ?? '');
              }
            }
            for (const line of lines) expect(line, line).not.toMatch(latin);
          }
          const r = rummy.apply(s, s.turn, rummy.botMove(s, s.turn, undefined as never));
          if (!r.ok) throw new Error(JSON.stringify(r.error));
          s = r.state;
        }
      }),
      { numRuns: 6, seed: 20261126 },
    );
  });
});
