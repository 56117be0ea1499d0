import { describe, expect, it } from 'vitest';
import { cards } from './testkit';
import { layoutMeld, meldPoints, swapJoker, validateMeld, type Meld, type StandIns } from './melds';

const ids = cards;

function layout(text: string, as: StandIns = {}) {
  return layoutMeld(ids(text), as);
}

/** "5H X1=6H 7H": the meld as laid out, jokers with their stand-ins. */
function shown(text: string, as: StandIns = {}): string {
  const r = layout(text, as);
  if (!r.ok) return `error: ${r.error.code}`;
  return r.layout.cards.map((mc) => (mc.as ? `${mc.card}=${mc.as}` : mc.card.replace('#1', ''))).join(' ');
}

describe('valid sequences', () => {
  it.each([
    ['3C 4C 5C', '3C 4C 5C'],
    ['5C 3C 4C', '3C 4C 5C'],
    ['AH 2H 3H', 'AH 2H 3H'],
    ['QH KH AH', 'QH KH AH'],
    ['TS JS QS KS AS', 'TS JS QS KS AS'],
    ['AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD', 'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD'],
    ['AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD', '2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD'],
    ['2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD', '2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD'],
  ])('%s is a pure sequence (a full 13-card one puts its ace high, worth more)', (cards, expected) => {
    expect(shown(cards)).toBe(expected);
  });

  it.each([
    ['8D X1 TD', '8D X1=9D TD'],
    ['X1 2H 3H', '2H 3H X1=4H'],
    ['AH X1 3H', 'AH X1=2H 3H'],
    ['KS X1 AS', 'X1=QS KS AS'],
  ])('%s fills the gap with a joker', (cards, expected) => {
    expect(shown(cards)).toBe(expected);
  });

  it('a joker beside two naturals goes where it is worth most, low end on a tie', () => {
    expect(shown('5H 6H X1')).toBe('5H 6H X1=7H');
    expect(shown('2H 3H X1')).toBe('2H 3H X1=4H');
    expect(shown('QH KH X1')).toBe('X1=JH QH KH');
  });

  it('stand-ins pin an ambiguous joker', () => {
    expect(shown('5H 6H X1', { X1: '4H' })).toBe('X1=4H 5H 6H');
    expect(shown('QH KH X1', { X1: 'AH' })).toBe('QH KH X1=AH');
  });

  it('two jokers apart are fine: 4H X 6H 7H X, or one at each end', () => {
    expect(shown('4H X1 6H 7H X2')).toBe('4H X1=5H 6H 7H X2=8H');
    expect(shown('5H 6H 7H X1 X2')).toBe('X1=4H 5H 6H 7H X2=8H');
  });

  it('the ace may stand for the low or high end but the joker may be the ace', () => {
    expect(shown('2H 3H X1', { X1: 'AH' })).toBe('X1=AH 2H 3H');
    expect(shown('QH KH X1', { X1: 'AH' })).toBe('QH KH X1=AH');
  });
});

describe('invalid sequences', () => {
  it.each([
    ['KH AH 2H', 'no_wrap'],
    ['QD KD AD 2D', 'no_wrap'],
    ['KS X1 2S', 'no_wrap'],
    ['5H X1 X2 8H 9H', 'jokers_adjacent'],
    ['5H 6H 8H 9H', 'not_consecutive'],
    ['5H 9H X1', 'not_consecutive'],
    ['5H 6H 7S', 'not_a_meld'],
    ['5H 6H 7H 7S', 'not_a_meld'],
    ['AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH#2', 'two_aces'],
    ['5H 6H 6H#2 7H', 'duplicate_card'],
    ['5H 6H', 'meld_too_short'],
    ['5H X1 X2', 'too_many_jokers'],
    ['5H 6H X1 X2', 'too_many_jokers'],
    ['X1 X2 X3', 'too_many_jokers'],
  ])('%s is refused: %s', (cards, code) => {
    const r = layout(cards);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('a joker cannot stand for a second ace', () => {
    const r = layout('AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH X1', { X1: 'AH' });
    expect(r.ok).toBe(false);
  });

  it('a pinned stand-in that does not fit is refused', () => {
    const r = layout('5H 6H X1', { X1: '9H' });
    expect(r.ok).toBe(false);
  });
});

describe('sets', () => {
  it.each([
    ['QC QD QH', 'QH QD QC'],
    ['7C 7D 7H 7S', '7S 7H 7D 7C'],
  ])('%s is a set, laid out in suit order', (cards, expected) => {
    expect(shown(cards)).toBe(expected);
  });

  it('a joker in a set stands for a missing suit', () => {
    expect(shown('QC QD X1')).toBe('X1=QS QD QC');
    expect(shown('QC QD X1', { X1: 'QH' })).toBe('X1=QH QD QC');
    expect(shown('QC QD QH X1')).toBe('X1=QS QH QD QC');
  });

  it.each([
    ['QC QC#2 QH', 'set_same_suit'],
    ['QC QD QH QS QC#2', 'set_same_suit'],
    ['QC QD QH QS X1', 'set_too_big'],
    ['QC X1 X2', 'too_many_jokers'],
    ['QC QD X1 X2', 'too_many_jokers'],
    ['QC QD', 'meld_too_short'],
  ])('%s is refused: %s', (cards, code) => {
    const r = layout(cards);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('a set joker cannot stand for a suit already there', () => {
    const r = layout('QC QD X1', { X1: 'QC' });
    expect(r).toEqual({ ok: false, error: { code: 'bad_stand_in', why: 'set_rank', cards: ['QC'], rank: 'Q' } });
  });
});

describe('meld points (jokers count as their card, ace 1 only in a low sequence)', () => {
  const points = (text: string, as: StandIns = {}) => {
    const r = layout(text, as);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return meldPoints(r.layout);
  };
  it.each([
    ['AH 2H 3H', 6],
    ['QH KH AH', 30],
    ['AS AD AC', 30],
    ['8D X1 TD', 27],
    ['X1 2H 3H', 6],
    ['TC JC QC', 30],
    ['5S 5H 5D 5C', 20],
    ['KC KD X1', 30],
  ])('%s counts %i', (cards, expected) => {
    expect(points(cards, cards === 'X1 2H 3H' ? { X1: 'AH' } : {})).toBe(expected);
  });
});

describe('extensions', () => {
  const meldOf = (text: string, as: StandIns = {}): Meld => {
    const r = layout(text, as);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return { id: 'm1', owner: 0, ...r.layout };
  };
  const extend = (base: Meld, text: string, as: StandIns = {}) => {
    const r = layoutMeld(ids(text), as, base);
    return r.ok ? r.layout.cards.map((mc) => (mc.as ? `${mc.card}=${mc.as}` : mc.card.replace('#1', ''))).join(' ') : `error: ${r.error.code}`;
  };

  it('a sequence takes the next or previous card of its suit', () => {
    const run = meldOf('7D 8D 9D');
    expect(extend(run, '6D')).toBe('6D 7D 8D 9D');
    expect(extend(run, 'TD')).toBe('7D 8D 9D TD');
    expect(extend(run, '5D 6D TD')).toBe('5D 6D 7D 8D 9D TD');
    expect(extend(run, 'JD')).toContain('error');
    expect(extend(run, 'TH')).toBe('error: run_suit');
  });

  it('no wrap over the ace: no K before A-2-3, no 2 after Q-K-A', () => {
    expect(extend(meldOf('AD 2D 3D'), 'KD')).toContain('error');
    expect(extend(meldOf('QD KD AD'), '2D')).toContain('error');
    expect(extend(meldOf('AD 2D 3D'), '4D')).toBe('AD 2D 3D 4D');
    expect(extend(meldOf('QD KD AD'), 'JD')).toBe('JD QD KD AD');
  });

  it('a joker added next to a joker already in the run is refused', () => {
    const run = meldOf('X1 5H 6H 7H', { X1: '4H' });
    expect(extend(run, 'X2', { X2: '3H' })).toBe('error: jokers_adjacent');
    expect(extend(run, 'X2')).toBe('X1=4H 5H 6H 7H X2=8H');
  });

  it('a set grows to four suits and no further', () => {
    const set = meldOf('QC QD QH');
    expect(extend(set, 'QS')).toBe('QS QH QD QC');
    expect(extend(set, 'QH#2')).toBe('error: set_same_suit');
    expect(extend(meldOf('QC QD QH QS'), 'X1')).toBe('error: set_too_big');
    expect(extend(set, 'KS')).toBe('error: set_rank');
  });

  it('a set joker moves to another missing suit when its own suit arrives', () => {
    const set = meldOf('QC QD X1', { X1: 'QH' });
    expect(extend(set, 'QH')).toBe('X1=QS QH QD QC');
  });
});

describe('joker swap', () => {
  const meld = (text: string, as: StandIns = {}): Meld => {
    const r = layout(text, as);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return { id: 'm1', owner: 1, ...r.layout };
  };

  it('the exact card the joker stands for replaces it in a sequence', () => {
    const r = swapJoker(meld('8D X1 TD'), '9D#2');
    expect(r.ok && r.joker).toBe('X1');
    expect(r.ok && r.cards.map((mc) => mc.card)).toEqual(['8D#1', '9D#2', 'TD#1']);
    expect(swapJoker(meld('8D X1 TD'), '9H#1').ok).toBe(false);
  });

  it('in a set only when the card completes all four suits', () => {
    expect(swapJoker(meld('QC QD X1'), 'QH#1').ok).toBe(false);
    const full = meld('QC QD QH X1');
    expect(swapJoker(full, 'QS#1').ok).toBe(true);
    expect(swapJoker(full, 'QH#2').ok).toBe(false);
  });
});

describe('validateMeld', () => {
  it('accepts stored melds and refuses a bad stand-in', () => {
    const r = layout('8D X1 TD');
    if (!r.ok) throw new Error('setup');
    expect(validateMeld(r.layout)).toBeNull();
    expect(validateMeld({ kind: 'run', cards: [{ card: '8D#1' }, { card: 'X1', as: '9H' }, { card: 'TD#1' }] })).not.toBeNull();
  });

  it('accepts ace to king in either legal order (ace low or high), and refuses any other order', () => {
    // Found by the whole-game property (6 players, seed 655709): A…Q extended by the king keeps the ace low.
    const faces = ['AC', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC'];
    const cards = faces.map((f) => (f === 'JC' ? { card: 'X3', as: 'JC' } : { card: `${f}#2` }));
    expect(validateMeld({ kind: 'run', cards })).toBeNull();
    expect(validateMeld({ kind: 'run', cards: [...cards.slice(1), cards[0]!] })).toBeNull();
    expect(validateMeld({ kind: 'run', cards: [cards[1]!, cards[0]!, ...cards.slice(2)] })).toEqual({ code: 'bad_order' });
  });
});
