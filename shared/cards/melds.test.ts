import { describe, expect, it } from 'vitest';
import { arrangeSet, faceAt, missingSuits, pinStandIns, rankNumber, repeatedSuits, runLayouts, runPositions, wildsAdjacent, type RunGeometry } from './melds';
import { isJoker } from './playing-cards';

const ACE_BOTH: RunGeometry = { low: 1, high: 14, acePositions: [1, 14], maxLength: 13, isWild: isJoker };
const ACE_HIGH: RunGeometry = { low: 3, high: 14, acePositions: [14], maxLength: 12, isWild: (c) => isJoker(c) || c[0] === '2' };

describe('shared meld geometry', () => {
  it('ranks and positions: the ace is 1 or 14, faces by position', () => {
    expect(['A', '2', 'T', 'K'].map((r) => rankNumber(r as never))).toEqual([1, 2, 10, 13]);
    expect([faceAt('H', 1), faceAt('H', 14), faceAt('S', 10)]).toEqual(['AH', 'AH', 'TS']);
    expect(runPositions([{ card: 'AH#1' }, { card: '2H#1' }, { card: '3H#1' }], ACE_BOTH)).toEqual([1, 2, 3]);
    expect(runPositions([{ card: 'QH#1' }, { card: 'KH#1' }, { card: 'AH#1' }], ACE_HIGH)).toEqual([12, 13, 14]);
  });

  it('wilds fill the holes first, spare ones go to the ends (high end first)', () => {
    const found = runLayouts(ACE_HIGH, 'H', new Map(), ['5H#1', '7H#1'], ['X1', '2S#1']);
    expect(found.layouts.map((l) => l.map((mc) => mc.as ?? mc.card))).toEqual([
      ['5H#1', '6H', '7H#1', '8H'],
      ['4H', '5H#1', '6H', '7H#1'],
    ]);
  });

  it('reports why no layout exists: gaps, duplicates, edges, adjacent wilds, two aces', () => {
    expect(runLayouts(ACE_HIGH, 'H', new Map(), ['5H#1', '9H#1'], ['X1']).reasons).toContain('gap');
    expect(runLayouts(ACE_HIGH, 'H', new Map(), ['5H#1', '5H#2'], []).reasons).toContain('duplicate');
    expect(runLayouts(ACE_HIGH, 'H', new Map(), ['3H#1', '4H#1'], ['X1', 'X2']).reasons).toContain('adjacent');
    expect(runLayouts(ACE_BOTH, 'H', new Map(), ['AH#1', 'AH#2', '5H#1'], []).reasons).toContain('twoAces');
    expect(runLayouts(ACE_HIGH, 'H', new Map(), ['AH#1', '3H#1'], ['X1']).reasons).toContain('gap');
  });

  it('pins requested stand-ins and detects wilds side by side', () => {
    const [high] = runLayouts(ACE_HIGH, 'H', new Map(), ['5H#1', '6H#1'], ['X1']).layouts;
    expect(pinStandIns(high!, { X1: '7H' }, ['X1'])).toEqual(high);
    expect(pinStandIns(high!, { X1: '4H' }, ['X1'])).toBeNull();
    expect(wildsAdjacent([{ card: 'X1' }, { card: '2S#1' }], ACE_HIGH.isWild)).toBe(true);
  });

  it('sets: distinct suits, missing suits, wilds on missing suits', () => {
    expect(repeatedSuits(['AH#1', 'AH#2', 'AS#1'])).toEqual(['H']);
    expect(missingSuits(['H', 'C'])).toEqual(['S', 'D']);
    expect(arrangeSet('A', ['AH#1', 'AD#1'], ['X1'], {}, 4)).toEqual({ ok: true, cards: [{ card: 'X1', as: 'AS' }, { card: 'AH#1' }, { card: 'AD#1' }] });
    expect(arrangeSet('A', ['AH#1', 'AD#1'], ['X1'], { X1: 'AC' }, 4)).toMatchObject({ ok: true });
    expect(arrangeSet('A', ['AH#1', 'AD#1'], ['X1'], { X1: 'AH' }, 4)).toMatchObject({ ok: false, reason: 'badStandIn' });
  });
});
