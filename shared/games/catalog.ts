/**
 * What the home page and lobby need to know about each game, without loading any rules:
 * names, seat counts and the room options a host can set. A number option's bounds are set
 * here only: each game's optionsSchema reads them (numberOption), so the form and the room
 * accept the same values (catalog.test.ts checks every option against its game's schema).
 */
export type OptionField =
  | { key: string; label: string; kind: 'boolean'; default: boolean; help?: string }
  | { key: string; label: string; kind: 'choice'; default: string | number; choices: { value: string | number; label: string }[]; help?: string }
  | { key: string; label: string; kind: 'number'; default: number; min: number; max: number; step?: number; help?: string };

export interface CatalogEntry {
  id: string;
  name: string;
  /**
   * The name in Arabic, for what the Worker writes (link previews). The page's own Arabic words are
   * compiled at build time from web/src/games/<id>/home.messages.ts, whose `name` must be this
   * (web/src/games/convention.test.ts).
   */
  nameAr: string;
  blurb: string;
  /** Seat counts the game can start with. */
  playerCounts: number[];
  /** 'room' games are played online in a room; 'local' ones run only in the browser. */
  where: 'room' | 'local';
  /** Path of a browser-only game. */
  localPath?: string;
  /** Hands are hidden, so people sharing one device play it pass-and-play (a pass screen between them). */
  passAndPlay?: boolean;
  /**
   * A team game: each seat's team at a table of `seats` (the game's own `teams`, held equal by
   * catalog.test.ts), so pass-and-play can seat people as partners or opponents without the rules.
   */
  teams?: (seats: number) => number[];
  options: OptionField[];
  /** Suggested turn clock in seconds (null = none). */
  defaultClock: number | null;
  /** Ranked play (room games only): the speed tiers, each with its fixed turn clock, and the seat counts a queue forms. */
  ranked?: RankedSpec;
  /**
   * "How to play" is offered: a room game's `tutorial` and `hint` (Game contract) at `/learn/<id>`; a
   * browser-only game's own lesson at its page with `?learn=1`.
   */
  learn?: boolean;
}

/** A ranked speed tier: its id (worded by the web app) and its turn clock in seconds; never unlimited. */
export interface RankedTier {
  id: string;
  seconds: number;
}

export interface RankedSpec {
  tiers: RankedTier[];
  /** The seat counts a ranked queue forms tables of: only these (catalog.test.ts checks each is one the game starts with). */
  seats: number[];
  /** Team games: the team of each seat, for each ranked seat count (the game's own `teams(n)`, checked by catalog.test.ts). Absent: free-for-all. */
  teams?: Record<number, number[]>;
}

export const CATALOG: CatalogEntry[] = [
  {
    id: 'baloot',
    teams: () => [0, 1, 0, 1],
    name: 'Baloot',
    learn: true,
    nameAr: 'بلوت',
    blurb: 'The Saudi trick-taking classic: bid Sun or Hokum, declare projects, four players in two teams.',
    playerCounts: [4],
    where: 'room',
    passAndPlay: true,
    ranked: {
      tiers: [
        { id: 'rocket', seconds: 5 },
        { id: 'rabbit', seconds: 10 },
        { id: 'turtle', seconds: 30 },
      ],
      seats: [4],
      teams: { 4: [0, 1, 0, 1] },
    },
    defaultClock: 10,
    options: [
      { key: 'priority', label: 'Priority bidding', kind: 'boolean', default: false, help: 'An earlier bidder may still claim Sun over a later Sun.' },
      { key: 'target', label: 'Match target', kind: 'number', default: 152, min: 52, max: 10_000, step: 50 },
    ],
  },
  {
    id: 'rummy',
    name: 'Rummy with Jokers',
    learn: true,
    nameAr: 'رمي بالجوكر',
    blurb: 'Two decks and four jokers: declare 48 with a pure sequence, then meld out.',
    playerCounts: [2, 3, 4, 5, 6],
    where: 'room',
    passAndPlay: true,
    ranked: {
      tiers: [
        { id: 'rapid', seconds: 10 },
        { id: 'classic', seconds: 30 },
      ],
      seats: [2, 4],
    },
    defaultClock: 30,
    options: [
      {
        key: 'deals',
        label: 'Length',
        kind: 'choice',
        default: 'single',
        choices: [
          { value: 'single', label: 'One deal' },
          { value: 'match', label: 'Deals until the limit' },
        ],
      },
      { key: 'limit', label: 'Points limit', kind: 'number', default: 500, min: 100, max: 10_000, step: 100 },
    ],
  },
  {
    id: 'dhappa',
    teams: (n) => Array.from({ length: n }, (_, i) => i % 2),
    name: 'Dhappa Baaji',
    learn: true,
    nameAr: 'دبّا باجي',
    blurb: 'Three decks, six jokers, two teams: open pure, feed your team runs, hold the 3-run lock and go out. Discard a 2 and the pile is gone.',
    playerCounts: [4, 6],
    where: 'room',
    passAndPlay: true,
    ranked: {
      tiers: [
        { id: 'rapid', seconds: 10 },
        { id: 'classic', seconds: 30 },
      ],
      seats: [4, 6],
      teams: { 4: [0, 1, 0, 1], 6: [0, 1, 0, 1, 0, 1] },
    },
    defaultClock: 30,
    options: [
      {
        key: 'length',
        label: 'Length',
        kind: 'choice',
        default: 'single',
        choices: [
          { value: 'single', label: 'One deal' },
          { value: 'match', label: 'Match to 500' },
        ],
      },
    ],
  },
  {
    id: 'eights',
    name: 'Eights',
    learn: true,
    nameAr: 'الثمانيات',
    blurb: 'Shed your hand: match colour or symbol, wild 8s, stack the +cards.',
    playerCounts: [2, 3, 4, 5, 6, 7, 8],
    where: 'room',
    passAndPlay: true,
    ranked: {
      tiers: [
        { id: 'blitz', seconds: 5 },
        { id: 'rapid', seconds: 10 },
      ],
      seats: [2, 4],
    },
    defaultClock: 10,
    options: [
      { key: 'stacking', label: 'Stack +cards', kind: 'boolean', default: true },
      { key: 'skipTwo', label: 'Skip skips two players', kind: 'boolean', default: false },
      { key: 'endless', label: 'Endless deck', kind: 'boolean', default: false, help: 'Every draw is random; the pile never runs out.' },
      {
        key: 'scoring',
        label: 'Scoring',
        kind: 'choice',
        default: 'hand',
        choices: [
          { value: 'hand', label: 'One hand' },
          { value: 'match', label: 'Match to a target' },
        ],
      },
      { key: 'target', label: 'Match target', kind: 'number', default: 500, min: 100, max: 100_000, step: 100 },
    ],
  },
  {
    id: 'mahjong-bet',
    name: 'Mahjong hand betting',
    learn: true,
    nameAr: 'رهان أيدي الماهجونغ',
    blurb: 'Solo: will the next four tiles beat this hand? Honour tiles gain and lose value as you go.',
    playerCounts: [1],
    where: 'local',
    localPath: '/mahjong',
    defaultClock: null,
    options: [],
  },
];

export function catalogEntry(id: string): CatalogEntry | undefined {
  return CATALOG.find((g) => g.id === id);
}

/** A ranked tier of a game, or undefined when the game has no such tier (or no ranked play). */
export function rankedTier(game: string, tier: string): RankedTier | undefined {
  return catalogEntry(game)?.ranked?.tiers.find((t) => t.id === tier);
}

/** A game played online in a room (the Worker checks ids with this, never loading rules), or undefined. */
export function roomGameEntry(id: string): CatalogEntry | undefined {
  const entry = catalogEntry(id);
  return entry?.where === 'room' ? entry : undefined;
}

/** A game with ranked play, or undefined (no such game, or none of its kind is ranked). */
export function rankedGame(id: string): (CatalogEntry & { ranked: RankedSpec }) | undefined {
  const entry = catalogEntry(id);
  return entry?.where === 'room' && entry.ranked ? (entry as CatalogEntry & { ranked: RankedSpec }) : undefined;
}

/** One ranked queue's format: a game, a tier and a seat count the catalog offers, with the tier's clock and the seats' teams. */
export interface RankedFormat {
  game: string;
  tier: RankedTier;
  seats: number;
  /** The team of each seat; null in a free-for-all. */
  teams: number[] | null;
}

/** The ranked format for a game, tier and seat count, or undefined when the catalog offers no such queue. */
export function rankedFormat(game: string, tier: string, seats: number): RankedFormat | undefined {
  const spec = rankedGame(game)?.ranked;
  const t = spec?.tiers.find((x) => x.id === tier);
  if (!spec || !t || !spec.seats.includes(seats)) return undefined;
  return { game, tier: t, seats, teams: spec.teams?.[seats] ?? null };
}

export type NumberOption = Extract<OptionField, { kind: 'number' }>;

/** A game's number option as the catalog describes it: its schema takes the bounds from here. */
export function numberOption(game: string, key: string): NumberOption {
  const field = catalogEntry(game)?.options.find((f) => f.key === key);
  if (field?.kind !== 'number') throw new Error(`the catalog has no number option ${game}.${key}`);
  return field;
}
