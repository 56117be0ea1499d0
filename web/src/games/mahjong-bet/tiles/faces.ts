/**
 * Drawings of the 34 tile faces as plain SVG element data, rendered once into a sprite
 * (TileFaceSprite.vue) and reused by every tile. Coordinates are in a 60 x 76 face box.
 * Kept as data rather than markup so the set can be checked in tests without a DOM.
 */
import { kindInfo, TILE_KINDS, type TileKind } from '../../../../../shared/games/mahjong-bet';
import { GLYPHS } from './glyphs';

export const FACE_WIDTH = 60;
export const FACE_HEIGHT = 76;

export interface FaceShape {
  tag: 'circle' | 'rect' | 'path' | 'line';
  attrs: Record<string, string | number>;
  /** What the shape stands for, so tests can count pips and sticks. */
  part?: 'pip' | 'stick' | 'glyph' | 'frame';
}

export const INK = {
  red: '#c0182d',
  green: '#0f7a45',
  greenDark: '#0a5531',
  blue: '#1f3f96',
  black: '#1a1530',
  paper: '#fbf6e8',
} as const;
type Ink = (typeof INK)[keyof typeof INK];

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
const WIND_GLYPHS = { east: '東', south: '南', west: '西', north: '北' } as const;

/** A Han character from the baked outlines, its em box placed at (x, y) with the given size. */
function glyph(char: string, x: number, y: number, size: number, fill: Ink): FaceShape {
  const d = GLYPHS[char];
  if (!d) throw new Error(`No outline for ${char}`);
  return { tag: 'path', part: 'glyph', attrs: { d, fill, transform: `translate(${x} ${y}) scale(${size / 1000})` } };
}

/** One dot: coloured ring, paper gap, filled centre and a light spark, like a printed pip. */
function pip(cx: number, cy: number, r: number, ink: Ink): FaceShape[] {
  return [
    { tag: 'circle', part: 'pip', attrs: { cx, cy, r, fill: ink } },
    { tag: 'circle', attrs: { cx, cy, r: r * 0.72, fill: INK.paper } },
    { tag: 'circle', attrs: { cx, cy, r: r * 0.5, fill: ink } },
    { tag: 'circle', attrs: { cx, cy, r: r * 0.16, fill: INK.paper } },
  ];
}

/** One bamboo stick, centred on (cx, cy), `h` tall, optionally tilted by `angle` degrees. */
function stick(cx: number, cy: number, h: number, ink: Ink, angle = 0): FaceShape[] {
  const w = 6.4;
  const top = cy - h / 2;
  const rotate: Record<string, string> = angle ? { transform: `rotate(${angle} ${cx} ${cy})` } : {};
  const band = (y: number): FaceShape => ({
    tag: 'rect',
    attrs: { x: cx - w / 2 - 0.6, y: y - 0.9, width: w + 1.2, height: 1.8, rx: 0.9, fill: ink === INK.green ? INK.greenDark : ink, ...rotate },
  });
  return [
    { tag: 'rect', part: 'stick', attrs: { x: cx - w / 2, y: top, width: w, height: h, rx: w / 2, fill: ink, ...rotate } },
    { tag: 'line', attrs: { x1: cx, y1: top + 2, x2: cx, y2: top + h - 2, stroke: INK.paper, 'stroke-width': 0.9, 'stroke-opacity': 0.75, ...rotate } },
    band(top + 1.2),
    band(cy),
    band(top + h - 1.2),
  ];
}

function characterFace(rank: number): FaceShape[] {
  return [glyph(NUMERALS[rank - 1]!, 16, 5, 28, INK.black), glyph('萬', 13, 35, 34, INK.red)];
}

/** Classic pip layouts, each [x, y, ink]; the radius depends on how many share the face. */
const PIN_LAYOUTS: Record<number, { r: number; pips: [number, number, Ink][] }> = {
  2: {
    r: 11,
    pips: [
      [30, 21, INK.green],
      [30, 55, INK.blue],
    ],
  },
  3: {
    r: 9.5,
    pips: [
      [15, 15, INK.blue],
      [30, 38, INK.red],
      [45, 61, INK.green],
    ],
  },
  4: {
    r: 10,
    pips: [
      [18, 22, INK.blue],
      [42, 22, INK.green],
      [18, 54, INK.green],
      [42, 54, INK.blue],
    ],
  },
  5: {
    r: 8.5,
    pips: [
      [16, 17, INK.blue],
      [44, 17, INK.green],
      [30, 38, INK.red],
      [16, 59, INK.green],
      [44, 59, INK.blue],
    ],
  },
  6: {
    r: 8,
    pips: [
      [19, 14, INK.green],
      [41, 14, INK.green],
      [19, 41, INK.red],
      [41, 41, INK.red],
      [19, 62, INK.red],
      [41, 62, INK.red],
    ],
  },
  7: {
    r: 6.6,
    pips: [
      [13, 11, INK.green],
      [30, 18, INK.green],
      [47, 25, INK.green],
      [19, 45, INK.red],
      [41, 45, INK.red],
      [19, 63, INK.red],
      [41, 63, INK.red],
    ],
  },
  8: {
    r: 7,
    pips: [14, 30, 46, 62].flatMap((y): [number, number, Ink][] => [
      [19, y, INK.blue],
      [41, y, INK.blue],
    ]),
  },
  9: {
    r: 7,
    pips: (
      [
        [18, INK.blue],
        [38, INK.red],
        [58, INK.green],
      ] as const
    ).flatMap(([y, ink]): [number, number, Ink][] => [15, 30, 45].map((x): [number, number, Ink] => [x, y, ink])),
  },
};

function dotsFace(rank: number): FaceShape[] {
  if (rank === 1) {
    // The one-dot is a single large ornamental pip.
    return [
      { tag: 'circle', part: 'pip', attrs: { cx: 30, cy: 38, r: 22, fill: INK.green } },
      { tag: 'circle', attrs: { cx: 30, cy: 38, r: 18.5, fill: INK.paper } },
      ...Array.from({ length: 12 }, (_, i): FaceShape => {
        const a = (i * Math.PI) / 6;
        return { tag: 'circle', attrs: { cx: +(30 + 15 * Math.cos(a)).toFixed(2), cy: +(38 + 15 * Math.sin(a)).toFixed(2), r: 2, fill: INK.blue } };
      }),
      { tag: 'circle', attrs: { cx: 30, cy: 38, r: 11, fill: INK.red } },
      { tag: 'circle', attrs: { cx: 30, cy: 38, r: 7.5, fill: INK.paper } },
      { tag: 'circle', attrs: { cx: 30, cy: 38, r: 5, fill: INK.blue } },
      { tag: 'circle', attrs: { cx: 30, cy: 38, r: 1.6, fill: INK.paper } },
    ];
  }
  const layout = PIN_LAYOUTS[rank]!;
  return layout.pips.flatMap(([x, y, ink]) => pip(x, y, layout.r, ink));
}

/** Stick layouts, each [x, y, ink, tilt]; all sticks on a face share one height. */
const SOU_LAYOUTS: Record<number, { h: number; sticks: [number, number, Ink, number?][] }> = {
  2: {
    h: 26,
    sticks: [
      [30, 22, INK.green],
      [30, 54, INK.blue],
    ],
  },
  3: {
    h: 26,
    sticks: [
      [30, 22, INK.green],
      [19, 54, INK.green],
      [41, 54, INK.green],
    ],
  },
  4: {
    h: 26,
    sticks: [
      [19, 22, INK.green],
      [41, 22, INK.blue],
      [19, 54, INK.blue],
      [41, 54, INK.green],
    ],
  },
  5: {
    h: 22,
    sticks: [
      [16, 19, INK.green],
      [44, 19, INK.blue],
      [30, 38, INK.red],
      [16, 57, INK.blue],
      [44, 57, INK.green],
    ],
  },
  6: {
    h: 25,
    sticks: [16, 30, 44].flatMap((x): [number, number, Ink][] => [
      [x, 22, INK.green],
      [x, 54, INK.blue],
    ]),
  },
  7: {
    h: 19,
    sticks: [
      [30, 14, INK.red],
      ...[16, 30, 44].flatMap((x): [number, number, Ink][] => [
        [x, 39, INK.green],
        [x, 62, INK.blue],
      ]),
    ],
  },
  8: {
    h: 25,
    sticks: [
      [11, 22, INK.green],
      [23, 22, INK.green, 24],
      [37, 22, INK.green, -24],
      [49, 22, INK.green],
      [11, 54, INK.blue],
      [23, 54, INK.blue, -24],
      [37, 54, INK.blue, 24],
      [49, 54, INK.blue],
    ],
  },
  9: {
    h: 18,
    sticks: [16, 30, 44].flatMap((x): [number, number, Ink][] => [16, 38, 60].map((y): [number, number, Ink] => [x, y, x === 30 ? INK.red : INK.green])),
  },
};

/** The one-bamboo: a tall stalk with leaves and a red crown, standing in for the usual bird. */
function oneBamboo(): FaceShape[] {
  return [
    { tag: 'path', attrs: { d: 'M30 44 C 18 40 12 30 10 20 C 20 24 27 32 30 44 Z', fill: INK.green } },
    { tag: 'path', attrs: { d: 'M30 50 C 42 46 49 37 51 27 C 41 31 33 39 30 50 Z', fill: INK.greenDark } },
    ...stick(30, 40, 56, INK.green),
    { tag: 'circle', attrs: { cx: 30, cy: 10, r: 5, fill: INK.red } },
    { tag: 'circle', attrs: { cx: 30, cy: 10, r: 2, fill: INK.paper } },
  ];
}

function bambooFace(rank: number): FaceShape[] {
  if (rank === 1) return oneBamboo();
  const layout = SOU_LAYOUTS[rank]!;
  return layout.sticks.flatMap(([x, y, ink, tilt]) => stick(x, y, layout.h, ink, tilt ?? 0));
}

function whiteDragon(): FaceShape[] {
  const frame = (inset: number, width: number): FaceShape => ({
    tag: 'rect',
    part: 'frame',
    attrs: {
      x: inset,
      y: inset + 2,
      width: FACE_WIDTH - 2 * inset,
      height: FACE_HEIGHT - 4 - 2 * inset,
      rx: 3,
      fill: 'none',
      stroke: INK.blue,
      'stroke-width': width,
    },
  });
  return [frame(9, 3.2), frame(14, 1.4)];
}

export function faceShapes(kind: TileKind): FaceShape[] {
  const info = kindInfo(kind);
  switch (info.category) {
    case 'suit':
      if (info.suit === 'man') return characterFace(info.rank);
      if (info.suit === 'pin') return dotsFace(info.rank);
      return bambooFace(info.rank);
    case 'wind':
      return [glyph(WIND_GLYPHS[info.wind], 7, 11, 46, INK.black)];
    case 'dragon':
      if (info.dragon === 'red') return [glyph('中', 7, 11, 46, INK.red)];
      if (info.dragon === 'green') return [glyph('發', 7, 11, 46, INK.green)];
      return whiteDragon();
  }
}

export const FACES: ReadonlyArray<{ kind: TileKind; shapes: FaceShape[] }> = TILE_KINDS.map((kind) => ({
  kind,
  shapes: faceShapes(kind),
}));

export function faceSymbolId(kind: TileKind): string {
  return `mj-face-${kind}`;
}
