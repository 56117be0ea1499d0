import { describe, expect, it } from 'vitest';
import { faceSpec, suitInk } from './face';

describe('the shared French card face', () => {
  it('prints 10 for a ten, the rank letter otherwise, and a star for a joker', () => {
    expect(faceSpec('TD#2')).toEqual({ rank: '10', suit: 'D', court: false, ace: false });
    expect(faceSpec('QH')).toEqual({ rank: 'Q', suit: 'H', court: true, ace: false });
    expect(faceSpec('AS')).toMatchObject({ rank: 'A', ace: true, court: false });
    expect(faceSpec('X3')).toEqual({ rank: '★', suit: null, court: false, ace: false });
  });

  it("takes a game's own index (Baloot's Arabic signs) without losing the suit or court frame", () => {
    expect(faceSpec('KC', 'ش')).toEqual({ rank: 'ش', suit: 'C', court: true, ace: false });
    // The plain face of the same card is unchanged by the override.
    expect(faceSpec('KC').rank).toBe('K');
  });

  it('inks diamonds blue and clubs green only in the four-colour deck', () => {
    expect([suitInk('S', false), suitInk('H', false), suitInk('D', false), suitInk('C', false)]).toEqual(['black', 'red', 'red', 'black']);
    expect([suitInk('S', true), suitInk('H', true), suitInk('D', true), suitInk('C', true)]).toEqual(['black', 'red', 'blue', 'green']);
  });
});
