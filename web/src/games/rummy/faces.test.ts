import { describe, expect, it } from 'vitest';
import { cardFace, sameFace, sortCards } from './faces';

describe('card faces', () => {
  it('reads rank, suit symbol and colour from the id, ten as "10"', () => {
    expect(cardFace('TD#2')).toMatchObject({ rank: '10', suit: '♦', red: true, joker: false, label: '10♦' });
    expect(cardFace('KS#1')).toMatchObject({ rank: 'K', suit: '♠', red: false });
    expect(cardFace('9C')).toMatchObject({ rank: '9', suit: '♣', red: false });
  });

  it('draws a joker as a star with no suit', () => {
    expect(cardFace('X3')).toMatchObject({ joker: true, rank: '★', suit: '', label: 'Joker' });
  });

  it('treats the two copies of a card as the same face', () => {
    expect(sameFace('AS#1', 'AS#2')).toBe(true);
    expect(sameFace('AS#1', 'AH#1')).toBe(false);
  });
});

describe('sorting the hand', () => {
  const hand = ['X2', 'KH#1', '2S#1', 'AH#1', '2H#2', 'QC#1', '2S#2', '9D#1'];

  it('by suit: spades, hearts, clubs, diamonds (colours alternate), ace low, jokers last, copies together', () => {
    expect(sortCards(hand, 'suit')).toEqual(['2S#1', '2S#2', 'AH#1', '2H#2', 'KH#1', 'QC#1', '9D#1', 'X2']);
  });

  it('by rank: ace, 2, 3 … king, suits in the same order within a rank, jokers last', () => {
    expect(sortCards(hand, 'rank')).toEqual(['AH#1', '2S#1', '2S#2', '2H#2', '9D#1', 'QC#1', 'KH#1', 'X2']);
  });

  it('does not change the input', () => {
    const copy = [...hand];
    sortCards(hand, 'suit');
    expect(hand).toEqual(copy);
  });
});
