/// <reference types="vite/client" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signed as signedScore } from '../games/words';
import { signed as signedChange } from '../ranked/format';
import { ar } from './ar';
import { flattenMessages, type MessageTree } from './compare';
import { dateTime } from './dates';

/**
 * What an Arabic reader is shown: Arabic words with the Arabic comma (،), no English left in
 * a sentence, and signed numbers kept whole ("+16", never "16+" as right-to-left text turns an
 * unisolated sign round). Over every message table, the formatting helpers, and the templates.
 */

/** Every message module's Arabic table, found by name so a new screen or game is covered. */
const modules = import.meta.glob<Record<string, unknown>>(['../*/messages.ts', '../games/*/messages.ts', '../games/*/home.messages.ts', './room/messages.ts'], {
  eager: true,
});
const tables: [string, Map<string, string>][] = [['i18n/ar.ts', flattenMessages(ar as unknown as MessageTree)]];
for (const [path, module] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(module)) {
    const tree = name === 'ar' ? value : typeof value === 'object' && value !== null && 'ar' in value ? (value as { ar: unknown }).ar : null;
    if (typeof tree === 'object' && tree !== null) tables.push([`${path} ${name}`, flattenMessages(tree as MessageTree)]);
  }
}

/** Latin words Arabic uses as they are (as e2e/latin.ts): the toggle naming English, the Shift key, a QR code, a .json file. */
const KEPT = /\b(EN|Shift|QR)\b|\.json\b/g;

describe('the Arabic message tables', () => {
  it('finds the tables of the site, the room, the ranked screens and every game', () => {
    const paths = tables.map(([p]) => p).join('\n');
    for (const part of [
      'i18n/ar.ts',
      'room/messages.ts',
      'ranked/messages.ts',
      'baloot/messages.ts',
      'mahjong-bet/messages.ts',
      'mahjong-bet/home.messages.ts',
    ])
      expect(paths).toContain(part);
  });

  for (const [path, messages] of tables) {
    it(`${path}: Arabic commas, no English words, signs kept with their numbers`, () => {
      for (const [key, text] of messages) {
        const words = text.replace(/\{\w+\}/g, '').replace(KEPT, '');
        expect(words, `${key}: a Latin comma (Arabic writes ،)`).not.toMatch(/,(\s|$)/);
        expect(words, `${key}: a word in Latin letters`).not.toMatch(/[A-Za-z]/);
        // A sign before a number or a placeholder must sit inside a left-to-right isolate (U+2066 … U+2069).
        expect(text.replace(/\u2066[^\u2069]*\u2069/g, ''), `${key}: a sign that right-to-left text would move`).not.toMatch(/[+−]\s*(\d|\{)/);
      }
    });
  }
});

describe('the formatting helpers, in Arabic', () => {
  it('keeps a signed score or rating change whole in right-to-left text', () => {
    for (const [n, shown] of [
      [16, '+16'],
      [-30, '−30'],
    ] as const) {
      expect(signedScore(n)).toBe(`\u2066${shown}\u2069`);
      // The ranked screens put theirs in a dir="ltr" element; the text itself is the sign and the number.
      expect(signedChange(n)).toBe(shown);
    }
  });

  it('writes dates with the Western digits the rest of the site uses, a month name, and no Latin comma', () => {
    const at = Date.UTC(2026, 10, 27, 18, 5);
    const shown = dateTime(at, 'ar');
    expect(shown).toMatch(/[\u0600-\u06ff]/);
    expect(shown).toContain('2026');
    expect(shown).not.toMatch(/[\u0660-\u0669]/);
    expect(shown).not.toMatch(/[A-Za-z]|,/);
    expect(dateTime(at, 'en')).toMatch(/Nov/);
    expect(dateTime(at, 'ar', false)).not.toContain('2026');
  });

  it("joins a list with the Arabic comma or و, as the site's list separator does", () => {
    expect(ar.common.list).toBe('، ');
    expect(new Intl.ListFormat('ar', { type: 'conjunction' }).format(['أ', 'ب', 'ج'])).not.toContain(',');
  });
});

describe('the templates', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(vue|ts)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
    });

  it('never put a sign before a number by hand: signed() isolates it (or the element is dir="ltr")', () => {
    const found: string[] = [];
    for (const path of files(root)) {
      const rel = relative(root, path);
      // The helpers themselves.
      if (rel === join('games', 'words.ts') || rel === join('ranked', 'format.ts')) continue;
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // The element holding it is opened on this line or the one before.
        if (/`[+−]\$\{/.test(line) && !/dir="ltr"/.test(`${lines[i - 1] ?? ''}${line}`)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
