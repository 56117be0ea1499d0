/// <reference types="vite/client" />
import { CATALOG } from '../../../shared/games/catalog';
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { arGames } from './ar-games';
import { flattenMessages, placeholders, type MessageTree } from './compare';
import { en } from './en';
import { ROOM_MESSAGES } from './room/messages';

describe('site messages in English and Arabic', () => {
  const enMessages = flattenMessages(en as unknown as MessageTree);
  const arMessages = flattenMessages(ar as unknown as MessageTree);

  it('has every English message in Arabic too, with the same placeholders', () => {
    for (const [key, text] of enMessages) {
      expect(arMessages.has(key), key).toBe(true);
      expect(placeholders(arMessages.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('has the same keys in both languages (nothing only in Arabic either)', () => {
    const extra = [...arMessages.keys()].filter((k) => !enMessages.has(k));
    expect(extra).toEqual([]);
  });

  it('names and describes every game of the catalog in Arabic, and labels its options (English uses the catalog itself)', () => {
    const games = flattenMessages(arGames as unknown as MessageTree);
    for (const g of CATALOG) {
      for (const field of ['name', 'blurb']) expect(games.get(`catalog.${g.id}.${field}`), `${g.id} ${field}`).toMatch(/[\u0600-\u06ff]/);
      for (const o of g.options) {
        const labels = [o.key, ...(o.help ? [`${o.key}Help`] : []), ...(o.kind === 'choice' ? o.choices.map((c) => `${o.key}_${c.value}`) : [])];
        for (const label of labels) expect(games.get(`options.${g.id}.${label}`), `${g.id} option ${label}`).toMatch(/[\u0600-\u06ff]/);
      }
    }
    expect(Object.keys(arGames.catalog).sort()).toEqual(CATALOG.map((g) => g.id).sort());
  });

  it('words the offline, update, title and not-found messages in Arabic, not English', () => {
    for (const [key, text] of arMessages) {
      if (!/^(offline|update|titles|notFound|catalog|room|lobby)\./.test(key) || !enMessages.has(key)) continue;
      expect(text, key).toMatch(/[\u0600-\u06ff]/);
      expect(text, key).not.toBe(enMessages.get(key));
    }
  });
});

describe("the room's own messages", () => {
  it('words the room and the lobby in Arabic, not English', () => {
    const enRoom = flattenMessages(ROOM_MESSAGES.en as unknown as MessageTree);
    for (const [key, text] of flattenMessages(ROOM_MESSAGES.ar as unknown as MessageTree)) {
      if (!/^(room|lobby)\./.test(key)) continue;
      expect(text, key).toMatch(/[\u0600-\u06ff]/);
      expect(text, key).not.toBe(enRoom.get(key));
    }
  });
});

describe("each game's own messages, and the replay words, in English and Arabic", () => {
  // Every web/src/games/<id>/messages.ts, found by path so a new game is covered without naming it,
  // and the words that load with their screens: fair deals and replays, the room's.
  const modules = import.meta.glob<Record<string, { en?: MessageTree; ar?: MessageTree }>>(
    ['../games/*/messages.ts', '../replay/messages.ts', './room/messages.ts', '../public/messages.ts', '../players/messages.ts'],
    { eager: true },
  );

  it('finds the games that have messages', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(modules)).toEqual(expect.arrayContaining(['../replay/messages.ts', './room/messages.ts', '../players/messages.ts']));
  });

  for (const [path, module] of Object.entries(modules)) {
    it(`${path}: the same keys and placeholders in both languages`, () => {
      const sets = Object.values(module).filter((m) => m?.en && m.ar);
      expect(sets.length, path).toBeGreaterThan(0);
      for (const messages of sets) {
        const enTree = flattenMessages(messages.en!);
        const arTree = flattenMessages(messages.ar!);
        expect([...arTree.keys()].sort()).toEqual([...enTree.keys()].sort());
        for (const [key, text] of enTree) expect(placeholders(arTree.get(key)!), key).toEqual(placeholders(text));
      }
    });
  }
});
