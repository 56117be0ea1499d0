import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../shared/cards/rng';
import type { GameEvent } from '../../../shared/engine/types';
import { gameById, roomGameIds } from '../../../shared/games/registry';
import { i18n } from '../i18n';
import { ar as appArabic } from '../i18n/ar';
import { flattenMessages, placeholders, type MessageTree } from '../i18n/compare';
import { words as balootWords } from './baloot/words';
import { words as dhappaWords } from './dhappa/words';
import { words as eightsWords } from './eights/words';
import { words as rummyWords } from './rummy/words';
import { eventLine, turnLine, WORDS, type GameWords, type WordContext } from './words';

const NAMES = ['Ana', 'Ben', 'Cyd', 'Dee'];

/** Events that bots rarely or never cause in a few games, so every type is worded in the test. */
const RARE: Record<string, GameEvent[]> = {
  baloot: [
    { type: 'kawesh', seat: 1 },
    { type: 'redeal', seat: 2 },
    { type: 'qayd', seat: 0 },
    { type: 'sawa', seat: 3, hand: ['AS', 'TS'] },
    { type: 'sawaAnswer', seat: 0, accept: false },
    { type: 'double', seat: 1, level: 'double', open: false },
    { type: 'baloot', seat: 2, cancelled: true },
    { type: 'bid', seat: 1, bid: 'sun', stage: 'bid', asked: 'ashkal' },
    { type: 'bid', seat: 1, bid: 'pass', stage: 'priority' },
    { type: 'match', team: 1, gahwa: true, scores: [40, 60] },
    { type: 'round', round: 3, contract: 'hokum', trump: 'S', buyer: 1, result: 'kaboot', awarded: [0, 26] },
  ],
  eights: [
    { type: 'catch', seat: 0, target: 1 },
    { type: 'take', seat: 2, count: 2, owed: 4 },
    { type: 'draw', seat: 2, count: 0 },
    { type: 'reshuffle' },
    { type: 'handWon', seat: 1, points: 40, hand: 2, match: true },
    { type: 'gameWon', seat: 1, points: 500 },
    { type: 'newHand', seat: 0, hand: 3 },
  ],
  dhappa: [
    { type: 'turnUp', card: '9H#2' },
    { type: 'turnBack', card: '2S#1' },
    { type: 'deal', deal: 2, seat: 1 },
    { type: 'dealScore', deal: 2, points: [-30, 120], totals: [90, 200] },
    { type: 'stuck', seat: 1 },
    { type: 'merge', seat: 0, team: 0, run: 'r1', merged: 'r2' },
    { type: 'swap', seat: 2, team: 0, run: 'r1', card: '5H#1', joker: 'X1' },
    { type: 'dhappa', seat: 1, team: 1, card: '7S#1', cards: ['7S#2', '7S#1'], count: 2 },
    { type: 'gameOver', winners: [0, 1, 2, 3], team: null },
  ],
  rummy: [
    { type: 'return', seat: 1, card: 'QH#1' },
    { type: 'swap', seat: 0, meldId: 'm1', card: '5H#2', owner: 1, kind: 'run' },
    { type: 'extend', seat: 0, meldId: 'm1', owner: 0, kind: 'set' },
    { type: 'exhausted' },
    { type: 'reshuffle' },
    { type: 'gameOver', winners: [0, 2], points: 12 },
    { type: 'deal', deal: 2, seat: 1 },
  ],
};

/** Each game folder's words (`./<id>/words.ts`) and messages (`./<id>/messages.ts`), by game id. */
const folder = <T>(modules: Record<string, T>) => Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.split('/')[1]!, m]));
const GAME_WORDS = folder(import.meta.glob<{ words: GameWords; EVENT_TYPES: readonly string[] }>('./*/words.ts', { eager: true }));
const GAME_MESSAGES = Object.fromEntries(
  Object.entries(folder(import.meta.glob<Record<string, unknown>>('./*/messages.ts', { eager: true }))).map(([id, m]) => [
    id,
    // The module's `{ en, ar }` export (Rummy also exports its Arabic rules).
    Object.values(m).find((x): x is { en: MessageTree; ar: MessageTree } => typeof x === 'object' && x !== null && 'en' in x && 'ar' in x),
  ]),
);

/** Options under which a game's bots send more of its events (a match rather than one hand). */
const OPTIONS: Record<string, Record<string, unknown>> = { eights: { scoring: 'match', target: 200 } };

/** Every room game of the registry, with its words. */
const GAMES = roomGameIds().map((id) => {
  const game = gameById(id)!;
  const words = GAME_WORDS[id];
  return {
    id,
    team: game.teams !== undefined,
    words: words?.words as GameWords,
    types: words?.EVENT_TYPES ?? [],
    options: { ...(game.defaultOptions as Record<string, unknown>), ...OPTIONS[id] },
  };
});

/** Every event a few bot games of `id` produce (each game played to its end, or 3,000 moves). */
function playedEvents(id: string, options: Record<string, unknown>): GameEvent[] {
  const game = gameById(id)!;
  const events: GameEvent[] = [];
  for (const seed of ['w1', 'w2']) {
    let state = game.setup(
      NAMES.map((name) => ({ name })),
      options,
      seed,
    );
    const rng = new Rng(seed);
    for (let i = 0; i < 3000 && !game.outcome(state); i++) {
      const seat = game.activeSeats(state)[0]!;
      const r = game.apply(state, seat, game.botMove(state, seat, rng));
      if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.error)}`);
      events.push(...r.events);
      state = r.state;
    }
  }
  return events;
}

function wordedIn(locale: 'en' | 'ar', fn: () => string | null): string | null {
  i18n.global.locale.value = locale;
  return fn();
}

/** A line that a reader could read: no missing message key, no unfilled placeholder, in the language asked. */
function expectReadable(line: string | null, locale: 'en' | 'ar', what: string): void {
  expect(line, what).toBeTypeOf('string');
  expect(line!, what).not.toMatch(/\b(baloot|eights|dhappa|rummy|log)\.[a-z]/);
  expect(line!, what).not.toMatch(/[{}]/);
  expect(line!, what).not.toContain('undefined');
  expect(line!, what).not.toContain('NaN');
  if (locale === 'ar') expect(line!, what).toMatch(/[\u0600-\u06ff]/);
}

// The app loads its Arabic words when Arabic is chosen (setLocale); here, once for every test.
beforeAll(() => i18n.global.mergeLocaleMessage('ar', appArabic));
afterEach(() => {
  i18n.global.locale.value = 'en';
});

describe('event words', () => {
  const ctx = (options: Record<string, unknown>): WordContext => ({ names: NAMES, options });

  for (const g of GAMES) {
    it(`${g.id}: every event type it sends has an English and an Arabic line`, () => {
      expect(g.words, `web/src/games/${g.id}/words.ts exports its words`).toBeDefined();
      const played = playedEvents(g.id, g.options);
      const seen = new Set(played.map((e) => e.type));
      // A type the rules send that the words do not list fails here, so a new event cannot go unworded.
      for (const type of seen) expect(g.types, `${g.id} sends '${type}'`).toContain(type);
      const samples = [...played, ...(RARE[g.id] ?? [])];
      for (const type of g.types)
        expect(
          samples.some((e) => e.type === type),
          `${g.id}: a sample of '${type}'`,
        ).toBe(true);
      for (const e of samples) {
        const en = wordedIn('en', () => g.words.line(e, ctx(g.options)));
        const ar = wordedIn('ar', () => g.words.line(e, ctx(g.options)));
        expectReadable(en, 'en', `${g.id} ${JSON.stringify(e)} in English`);
        expectReadable(ar, 'ar', `${g.id} ${JSON.stringify(e)} in Arabic`);
        expect(ar).not.toBe(en);
      }
    });

    it(`${g.id}: the reader's own moves are told in the second person ("You pass.", not "You passes.")`, () => {
      const samples = [...playedEvents(g.id, g.options), ...(RARE[g.id] ?? [])];
      let told = 0;
      for (const e of samples) {
        const seat = (e as { seat?: unknown }).seat;
        if (typeof seat !== 'number') continue;
        const name = NAMES[seat]!;
        const third = wordedIn('en', () => g.words.line(e, ctx(g.options)));
        // Only sentences whose subject is the seat: the one that moved.
        if (!third?.startsWith(`\u2068${name}\u2069`)) continue;
        const mine = { ...ctx(g.options), me: seat };
        const en = wordedIn('en', () => g.words.line(e, mine))!;
        const ar = wordedIn('ar', () => g.words.line(e, mine))!;
        const what = `${g.id} ${JSON.stringify(e)} for its own seat`;
        expect(en, what).toMatch(/^(You\b|.*\byou\b)/);
        expect(en, what).not.toContain(name);
        expect(ar, what).not.toContain(name);
        expectReadable(ar, 'ar', what);
        // Another reader still reads the seat by its name.
        expect(
          wordedIn('en', () => g.words.line(e, { ...ctx(g.options), me: (seat + 1) % 4 })),
          what,
        ).toBe(third);
        told++;
      }
      expect(told).toBeGreaterThan(5);
    });

    it(`${g.id}: the result is worded in both languages with the winners' names`, () => {
      const outcome = g.team ? { winners: [1, 3], scores: [98, 152, 98, 152] } : { winners: [1], scores: [0, 120, 30, 40] };
      for (const locale of ['en', 'ar'] as const) {
        const line = wordedIn(locale, () => g.words.result(outcome, ctx(g.options)));
        expectReadable(line, locale, `${g.id} result in ${locale}`);
        if (g.id !== 'dhappa') expect(line).toContain('\u2068Ben\u2069');
        // The card's line under the winners' names gives the score and names nobody.
        const detail = wordedIn(locale, () => g.words.detail(outcome, ctx(g.options)));
        expectReadable(detail, locale, `${g.id} result detail in ${locale}`);
        expect(detail).toContain('\u2068120\u2069'.replace('120', String(g.team ? 152 : 120)));
        for (const name of NAMES) expect(detail).not.toContain(name);
      }
    });
  }

  it('every game of the registry has words, and every room game is in the registry', async () => {
    expect(Object.keys(WORDS).sort()).toEqual([...roomGameIds()].sort());
    for (const g of GAMES) expect(await WORDS[g.id]!()).toBe(g.words);
  });

  it('names a played card in full, isolated for right-to-left text ("Ana played Queen of hearts")', () => {
    expect(wordedIn('en', () => eightsWords.line({ type: 'play', seat: 0, card: 'r7#1' }, ctx({})))).toBe('\u2068Ana\u2069 played \u2068Red 7\u2069.');
    expect(wordedIn('en', () => balootWords.line({ type: 'play', seat: 0, card: 'QH' }, ctx({})))).toBe('\u2068Ana\u2069 plays \u2068Queen of hearts\u2069.');
    expect(wordedIn('ar', () => balootWords.line({ type: 'play', seat: 0, card: 'QH' }, ctx({})))).toBe('\u2068Ana\u2069 يلعب \u2068بنت هاص\u2069.');
    expect(wordedIn('en', () => rummyWords.line({ type: 'discard', seat: 1, card: 'QD#2' }, ctx({})))).toBe(
      '\u2068Ben\u2069 discards \u2068Queen of diamonds\u2069.',
    );
    expect(wordedIn('ar', () => dhappaWords.line({ type: 'discard', seat: 1, card: 'X2' }, ctx({})))).toBe('\u2068Ben\u2069 يرمي \u2068جوكر\u2069.');
  });

  it("names any card of each game in full in both languages (the replay's open hands are read by these names)", () => {
    expect(wordedIn('en', () => balootWords.card('QH'))).toBe('\u2068Queen of hearts\u2069');
    expect(wordedIn('en', () => eightsWords.card('r7#1'))).toBe('\u2068Red 7\u2069');
    expect(wordedIn('en', () => rummyWords.card('QD#2'))).toBe('\u2068Queen of diamonds\u2069');
    expect(wordedIn('ar', () => dhappaWords.card('X2'))).toBe('\u2068جوكر\u2069');
    for (const g of GAMES) {
      const ids = [...new Set(playedEvents(g.id, g.options).flatMap((e) => (typeof e.card === 'string' ? [e.card] : [])))];
      expect(ids.length, g.id).toBeGreaterThan(0);
      for (const id of ids) {
        for (const locale of ['en', 'ar'] as const) {
          const name = wordedIn(locale, () => g.words.card(id));
          expectReadable(name, locale, `${g.id} card ${id} in ${locale}`);
          expect(name, `${g.id} card ${id}`).not.toContain(id);
        }
      }
    }
  });

  it('keeps numbers and signed scores whole in Arabic ("+12" never shows as "12+")', () => {
    const round = { type: 'round', round: 2, contract: 'sun', trump: null, buyer: 0, result: 'made', awarded: [4, 12] };
    const ar = wordedIn('ar', () => balootWords.line(round, ctx({})))!;
    expect(ar).toContain('\u2066+4\u2069');
    expect(ar).toContain('\u2066+12\u2069');
    expect(ar).toContain('\u20682\u2069');
    const dealScore = wordedIn('ar', () => dhappaWords.line({ type: 'dealScore', deal: 1, points: [-30, 120], totals: [-30, 120] }, ctx({})))!;
    expect(dealScore).toContain('\u2066−30\u2069');
  });

  it("words Baloot's first Sawa answer as leaving the last word to the partner, and the deciding one as final", () => {
    const first = { type: 'sawaAnswer', seat: 1, accept: false, decided: false };
    const name = (seat: number) => `\u2068${NAMES[seat]}\u2069`;
    expect(wordedIn('en', () => balootWords.line(first, ctx({})))).toBe(`${name(1)} would refuse the Sawa; ${name(3)} has the last word.`);
    const ar = wordedIn('ar', () => balootWords.line({ ...first, accept: true }, ctx({})))!;
    expect(ar).toContain('قبول');
    expect(ar).toContain(name(3));
    // An answer that decides, and one recorded before answers said so, read as final.
    expect(wordedIn('en', () => balootWords.line({ ...first, decided: true }, ctx({})))).toContain('play goes on');
    expect(wordedIn('en', () => balootWords.line({ type: 'sawaAnswer', seat: 1, accept: false }, ctx({})))).toContain('play goes on');
  });

  it("words the room's own events and whose turn it is in both languages", () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const e of [
        { type: 'start', game: 2 },
        { type: 'timeout', seat: 1 },
        { type: 'end', winners: [0], scores: [10] },
      ]) {
        expectReadable(
          wordedIn(locale, () => eventLine(e, eightsWords, ctx({}))),
          locale,
          `${e.type} in ${locale}`,
        );
      }
      expectReadable(
        wordedIn(locale, () => turnLine([0], 0, ctx({}))),
        locale,
        'your turn',
      );
      expectReadable(
        wordedIn(locale, () => turnLine([1], 0, ctx({}))),
        locale,
        'their turn',
      );
      expectReadable(
        wordedIn(locale, () => turnLine([1, 3], 0, ctx({}))),
        locale,
        'waiting for two',
      );
    }
    expect(wordedIn('en', () => turnLine([1], 0, ctx({})))).toBe('\u2068Ben\u2069 to play.');
    expect(wordedIn('en', () => turnLine([], 0, ctx({})))).toBeNull();
  });

  it("has every one of a game's English messages in Arabic, with the same placeholders", () => {
    for (const g of GAMES) {
      const messages = GAME_MESSAGES[g.id];
      expect(messages, `web/src/games/${g.id}/messages.ts`).toBeDefined();
      const en = flattenMessages(messages!.en);
      const ar = flattenMessages(messages!.ar);
      expect(en.size, g.id).toBeGreaterThan(0);
      expect([...ar.keys()].sort(), g.id).toEqual([...en.keys()].sort());
      for (const [key, text] of en) expect(placeholders(ar.get(key)!), `${g.id} ${key}`).toEqual(placeholders(text));
    }
  });

  it('words log lines without plurals or linked messages (a line is said once, as it is)', () => {
    for (const g of GAMES) {
      const messages = GAME_MESSAGES[g.id]!;
      for (const locale of [messages.en, messages.ar]) {
        for (const [key, text] of flattenMessages((locale.log ?? {}) as MessageTree)) expect(/[|@]/.test(text), `${g.id} log.${key}`).toBe(false);
      }
    }
  });
});
