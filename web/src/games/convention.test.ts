/// <reference types="vite/client" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../shared/games/catalog';
import { gameById, roomGameIds } from '../../../shared/games/registry';
import { ar } from '../i18n/ar';
import { arGames } from '../i18n/ar-games';
import { en } from '../i18n/en';
import { CARD_FACES, TABLES } from './tables';
import { WORDS, type GameWords } from './words';

/**
 * The web side finds a game's files by their names (web/src/games/<id>/Table.vue, Face.vue,
 * words.ts, refusals.ts, messages.ts, home.messages.ts; web/public/art/<id>.svg, web/public/og/<id>.png):
 * nothing else lists games, so a missing file would only show as a blank table or a missing
 * picture at run time. This holds every game of the registry and of the catalog to them.
 */
const folder = <T>(modules: Record<string, T>) => new Map(Object.entries(modules).map(([path, m]) => [path.split('/')[1]!, m]));
const tables = folder(import.meta.glob('./*/Table.vue'));
const faces = folder(import.meta.glob('./*/Face.vue'));
const words = folder(import.meta.glob<{ words?: GameWords; EVENT_TYPES?: readonly string[] }>('./*/words.ts', { eager: true }));
const messages = folder(import.meta.glob<Record<string, { en?: unknown; ar?: unknown }>>('./*/messages.ts', { eager: true }));
const refusals = folder(import.meta.glob<{ refusals?: { en?: unknown; ar?: unknown } }>('./*/refusals.ts', { eager: true }));
const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));

/** Whether a game's views show a seat's hand as card ids (then a replay's "all hands open" draws them with its face). */
function showsHands(id: string): boolean {
  const game = gameById(id)!;
  const players = Array.from({ length: Math.min(...game.playerCounts) }, (_, i) => ({ name: `P${i}` }));
  const hand = (game.view(game.setup(players, game.defaultOptions, 'convention'), 0) as { hand?: unknown }).hand;
  return Array.isArray(hand) && hand.every((c) => typeof c === 'string');
}

describe('every game has the files the web side finds it by', () => {
  it.each(roomGameIds())('%s (room game): table, card face, words and messages in English and Arabic', (id) => {
    expect(tables.has(id), `web/src/games/${id}/Table.vue`).toBe(true);
    expect(TABLES[id], `${id} in TABLES`).toBeDefined();
    if (showsHands(id)) {
      expect(faces.has(id), `web/src/games/${id}/Face.vue (its views show hands)`).toBe(true);
      expect(CARD_FACES[id]).toBeDefined();
    }
    const w = words.get(id);
    expect(w?.words, `web/src/games/${id}/words.ts exports words`).toBeDefined();
    expect(w?.EVENT_TYPES?.length, `web/src/games/${id}/words.ts exports EVENT_TYPES`).toBeGreaterThan(0);
    expect(WORDS[id], `${id} in WORDS`).toBeTypeOf('function');
    // The events its replay chapters start at are events it sends.
    for (const types of Object.values(gameById(id)!.chapters ?? {}))
      for (const type of types) expect(w?.EVENT_TYPES, `${id} chapter event '${type}'`).toContain(type);
    // Its `{ en, ar }` export (a game may export more, e.g. Rummy's Arabic rules).
    const m = Object.values(messages.get(id) ?? {}).find((x) => typeof x === 'object' && x !== null && 'en' in x);
    expect(m, `web/src/games/${id}/messages.ts exports { en, ar }`).toBeDefined();
    expect(m!.en, `${id} messages in English`).toBeTypeOf('object');
    expect(m!.ar, `${id} messages in Arabic`).toBeTypeOf('object');
  });

  it.each(CATALOG.map((g) => g.id))('%s (catalog): its refusals worded in English and Arabic (refusals.ts)', (id) => {
    const r = refusals.get(id)?.refusals;
    expect(r?.en, `web/src/games/${id}/refusals.ts exports refusals.en`).toBeTypeOf('object');
    expect(r?.ar, `web/src/games/${id}/refusals.ts exports refusals.ar`).toBeTypeOf('object');
    // A room game's refusals load with its words, so its table has them.
    if (roomGameIds().includes(id)) expect(words.get(id)?.words?.refusals).toBe(r);
  });

  it.each(CATALOG.map((g) => g.id))('%s (catalog): Arabic name and blurb, home art and link-preview image', (id) => {
    expect(arGames.catalog[id]?.name, `web/src/games/${id}/home.messages.ts`).toMatch(/[\u0600-\u06ff]/);
    // The Worker's link previews name the game from the catalog: the same Arabic name.
    expect(arGames.catalog[id]?.name, `shared/games/catalog.ts nameAr of ${id}`).toBe(CATALOG.find((g) => g.id === id)?.nameAr);
    expect(arGames.catalog[id]?.blurb, `web/src/games/${id}/home.messages.ts`).toMatch(/[\u0600-\u06ff]/);
    expect(existsSync(`${PUBLIC}art/${id}.svg`), `web/public/art/${id}.svg`).toBe(true);
    expect(existsSync(`${PUBLIC}og/${id}.png`), `web/public/og/${id}.png`).toBe(true);
    // Text in the art is drawn by the viewer's fonts: only Latin letters, digits and card suits,
    // never Han characters (empty boxes on a device without CJK fonts: draw them as paths).
    for (const [, text] of readFileSync(`${PUBLIC}art/${id}.svg`, 'utf8').matchAll(/<text[^>]*>([^<]*)<\/text>/g))
      expect(text, `web/public/art/${id}.svg draws "${text}" as text`).toMatch(/^[\w\s♠♥♦♣★+-]*$/);
  });

  it.each(CATALOG.filter((g) => g.where === 'local').map((g) => g.id))(
    "%s (a page of its own): one name, the catalog's, on its page and in its title in both languages",
    (id) => {
      const entry = CATALOG.find((g) => g.id === id)!;
      const m = Object.values(messages.get(id) ?? {}).find(
        (x): x is { en: { title: string }; ar: { title: string } } => typeof x === 'object' && x !== null && 'en' in x,
      );
      expect(m?.en.title, `web/src/games/${id}/messages.ts title`).toBe(entry.name);
      expect(m?.ar.title, `web/src/games/${id}/messages.ts title (Arabic)`).toBe(entry.nameAr);
      const route = entry.localPath!.slice(1) as keyof typeof en.titles;
      expect(en.titles[route], `titles.${route}`).toBe(`${entry.name} — Cardroom`);
      expect(ar.titles[route], `titles.${route} (Arabic)`).toBe(`${entry.nameAr} — كاردروم`);
    },
  );

  it('finds no table, face or words of a game the registry does not have', () => {
    const ids = [...roomGameIds()].sort();
    expect(Object.keys(TABLES).sort()).toEqual(ids);
    expect(Object.keys(WORDS).sort()).toEqual(ids);
    for (const id of Object.keys(CARD_FACES)) expect(ids).toContain(id);
  });
});
