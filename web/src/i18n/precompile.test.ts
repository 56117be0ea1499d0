import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { compileTree, MESSAGE_MODULE } from '../../../scripts/precompile-messages';
import { flattenMessages, placeholders, type MessageTree } from './compare';

/**
 * The build ships vue-i18n without its message compiler and compiles messages at build time
 * (scripts/precompile-messages.ts). These tests hold that to the same words as run-time
 * compilation, for every message of every module, and check that no translation reaches
 * vue-i18n from anywhere the build does not precompile.
 */
const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.(ts|vue)$/.test(d.name) && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}
const messageModules = sourceFiles(WEB_SRC).filter((f) => MESSAGE_MODULE.test(f));

describe('messages compiled at build time', () => {
  it('finds the message modules: the app words per locale and each game table', () => {
    const names = messageModules.map((f) => relative(WEB_SRC, f));
    expect(names).toEqual(expect.arrayContaining(['i18n/en.ts', 'i18n/ar.ts', 'games/eights/messages.ts', 'games/baloot/messages.ts']));
  });

  it.each(messageModules.map((f) => [relative(WEB_SRC, f), f]))('%s says the same words precompiled as compiled at run time', async (_, file) => {
    const mod = (await import(file)) as Record<string, MessageTree>;
    for (const tree of Object.values(mod)) {
      const raw = createI18n({ legacy: false, locale: 'x', messages: { x: tree } });
      const pre = createI18n({ legacy: false, locale: 'x', messages: { x: compileTree(tree, '') as MessageTree } });
      for (const [key, text] of flattenMessages(tree)) {
        const params = Object.fromEntries(placeholders(text).map((p) => [p, `<${p}>`]));
        expect(pre.global.t(key, params), key).toBe(raw.global.t(key, params));
        if (text.includes('|')) expect(pre.global.t(key, 2, { named: params }), key).toBe(raw.global.t(key, 2, { named: params }));
      }
    }
  });

  it('keeps plain text a string and turns only vue-i18n syntax into an AST', () => {
    expect(compileTree({ a: 'Dealing…', b: '{n} cards' }, '')).toEqual({ a: 'Dealing…', b: expect.objectContaining({ t: 0 }) });
  });

  it('refuses a message that does not compile, naming it', () => {
    expect(() => compileTree({ home: { bad: 'Hello {name' } }, '')).toThrow(/home\.bad/);
  });

  it('gives vue-i18n translations only from message modules', () => {
    for (const file of sourceFiles(WEB_SRC)) {
      // The one helper that merges what its callers pass: its callers are checked instead.
      if (relative(WEB_SRC, file) === join('i18n', 'install.ts')) continue;
      const code = readFileSync(file, 'utf8');
      for (const call of code.matchAll(/\b(?:mergeLocaleMessage|setLocaleMessage|installMessages)\(([^;]*?)\);|\bmessages:\s*(\{[^}]*\})/g)) {
        // installMessages' second argument is its namespace, a key rather than words.
        const args = (call[1] ?? call[2])!.replace(/^([^,]*),\s*'[\w-]+'\s*$/, call[0].startsWith('installMessages') ? '$1' : '$&');
        const where = `${relative(WEB_SRC, file)}: ${call[0]}`;
        // Words written inline would reach the browser uncompiled.
        expect(args.replace(/^\s*'(en|ar|[a-z]{2})'\s*,/, ''), where).not.toMatch(/['"`]/);
        // Every name the call uses is imported from a message module (or is the import's own binding).
        for (const name of new Set(args.match(/(?<![.\w])[A-Za-z_$][\w$]*(?=\s*[.,}\s)]|$)(?!\s*:)/g) ?? [])) {
          const from = code.match(new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`))?.[1];
          if (name === 'ar' && /import\('\.\/ar'\)/.test(code)) continue;
          // The games' Arabic home words: gathered from message modules by ar-games.ts (checked below).
          if (name === 'arGames' && /import\('\.\/ar-games'\)/.test(code)) continue;
          expect(from, `${where}: where does ${name} come from?`).toBeDefined();
          const path = from!.startsWith('.') ? resolve(dirname(file), from!) + '.ts' : from!;
          expect(MESSAGE_MODULE.test(path), `${where}: ${name} comes from ${from}, which the build does not precompile`).toBe(true);
        }
      }
    }
  });

  it("gathers the games' Arabic home words only from message modules", () => {
    const code = readFileSync(join(WEB_SRC, 'i18n/ar-games.ts'), 'utf8');
    const globs = [...code.matchAll(/import\.meta\.glob[^(]*\(\s*'([^']+)'/g)].map((m) => m[1]!);
    expect(globs.length).toBeGreaterThan(0);
    for (const glob of globs) expect(MESSAGE_MODULE.test(resolve(WEB_SRC, 'i18n', glob.replace('*', 'any-game'))), glob).toBe(true);
    expect(code).not.toMatch(/^import\s(?!type\b)/m);
  });
});
