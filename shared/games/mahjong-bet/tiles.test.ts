import { describe, expect, it } from 'vitest';
import { DECK_SIZE, DRAGONS, TILE_KINDS, WINDS, freshDeck, isHonourKind, isHonourTile, kindInfo, kindName, tileKind } from './tiles';

describe('mahjong tiles', () => {
  it('a full deck is 136 tiles: 3 suits x 9 ranks x 4, 4 winds x 4, 3 dragons x 4', () => {
    const deck = freshDeck(1);
    expect(DECK_SIZE).toBe(136);
    expect(deck).toHaveLength(136);
    expect(TILE_KINDS).toHaveLength(34);
    for (const kind of TILE_KINDS) expect(deck.filter((id) => tileKind(id) === kind)).toHaveLength(4);
    expect(deck.filter(isHonourTile)).toHaveLength((WINDS.length + DRAGONS.length) * 4);
  });

  it('every tile instance has a unique id, also across fresh decks', () => {
    const ids = [...freshDeck(1), ...freshDeck(2), ...freshDeck(3)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('only winds and dragons are honour tiles', () => {
    expect(TILE_KINDS.filter(isHonourKind)).toEqual(['east', 'south', 'west', 'north', 'red', 'green', 'white']);
    expect(kindInfo('sou7')).toEqual({ category: 'suit', suit: 'sou', rank: 7 });
    expect(kindInfo('west')).toEqual({ category: 'wind', wind: 'west' });
    expect(kindInfo('green')).toEqual({ category: 'dragon', dragon: 'green' });
  });

  it('names tiles for players and screen readers', () => {
    expect(kindName('man9')).toBe('9 of Characters');
    expect(kindName('sou1')).toBe('1 of Bamboo');
    expect(kindName('pin4')).toBe('4 of Dots');
    expect(kindName('north')).toBe('North Wind');
    expect(kindName('white')).toBe('White Dragon');
  });
});
