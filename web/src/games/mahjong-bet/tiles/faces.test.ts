import { describe, expect, it } from 'vitest';
import { TILE_KINDS, kindInfo } from '../../../../../shared/games/mahjong-bet';
import { FACES, FACE_HEIGHT, FACE_WIDTH, faceShapes, faceSymbolId } from './faces';
import { GLYPHS } from './glyphs';

const count = (kind: Parameters<typeof faceShapes>[0], part: string) => faceShapes(kind).filter((shape) => shape.part === part).length;

describe('mahjong tile faces', () => {
  it('there is a drawn face for each of the 34 kinds, with a unique symbol id', () => {
    expect(FACES.map((face) => face.kind)).toEqual(TILE_KINDS);
    expect(new Set(TILE_KINDS.map(faceSymbolId)).size).toBe(34);
    for (const face of FACES) expect(face.shapes.length).toBeGreaterThan(0);
  });

  it('dots show as many pips as their number', () => {
    for (const kind of TILE_KINDS) {
      const info = kindInfo(kind);
      if (info.category === 'suit' && info.suit === 'pin') expect(count(kind, 'pip')).toBe(info.rank);
    }
  });

  it('bamboo 2 to 9 show as many sticks as their number; the one-bamboo is its own drawing', () => {
    for (const kind of TILE_KINDS) {
      const info = kindInfo(kind);
      if (info.category === 'suit' && info.suit === 'sou' && info.rank > 1) expect(count(kind, 'stick')).toBe(info.rank);
    }
    expect(faceShapes('sou1').length).toBeGreaterThan(3);
  });

  it('characters show a Chinese numeral over 萬; winds and the red and green dragons show their character', () => {
    const numerals = '一二三四五六七八九';
    for (let rank = 1; rank <= 9; rank++) {
      const glyphs = faceShapes(`man${rank}` as 'man1').filter((shape) => shape.part === 'glyph');
      expect(glyphs.map((shape) => shape.attrs.d)).toEqual([GLYPHS[numerals[rank - 1]!], GLYPHS['萬']]);
    }
    const single = { east: '東', south: '南', west: '西', north: '北', red: '中', green: '發' } as const;
    for (const [kind, char] of Object.entries(single)) {
      expect(faceShapes(kind as keyof typeof single).map((shape) => shape.attrs.d)).toEqual([GLYPHS[char]]);
    }
  });

  it('the white dragon is an empty frame', () => {
    const shapes = faceShapes('white');
    expect(shapes.every((shape) => shape.part === 'frame' && shape.attrs.fill === 'none')).toBe(true);
  });

  it('pips and sticks stay inside the face', () => {
    for (const { shapes } of FACES) {
      for (const shape of shapes) {
        const { cx, cy, r, x, y, width, height } = shape.attrs as Record<string, number>;
        if (shape.part === 'pip') {
          expect(cx! - r!).toBeGreaterThanOrEqual(0);
          expect(cx! + r!).toBeLessThanOrEqual(FACE_WIDTH);
          expect(cy! - r!).toBeGreaterThanOrEqual(0);
          expect(cy! + r!).toBeLessThanOrEqual(FACE_HEIGHT);
        }
        if (shape.part === 'stick' && !shape.attrs.transform) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x! + width!).toBeLessThanOrEqual(FACE_WIDTH);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y! + height!).toBeLessThanOrEqual(FACE_HEIGHT);
        }
      }
    }
  });
});
