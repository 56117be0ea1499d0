import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const GAMES = resolve(dirname(fileURLToPath(import.meta.url)), '../games');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return files(path);
    return /\.(ts|vue)$/.test(d.name) && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A file's code without its comments (which may well say "event as …"). */
const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|\/\/[^\n]*/g, '');

describe('useGameTable is the only door between a table and its room', () => {
  it('no game folder imports the room store or its parts', () => {
    const offenders = files(GAMES).filter((f) => /from\s+'[^']*\/stores\/(?:room|connection|table|fair-deal|move-lock)'/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(GAMES, f))).toEqual([]);
  });

  it("no table casts the room's events: their type comes from the game (EventOf<G>)", () => {
    const casts = files(GAMES).flatMap((f) =>
      [...code(f).matchAll(/[Ee]vents?\)?\s+as\s[^,;\n)]*|\bas (?:unknown as )?(?:readonly )?\w*Event\b[^,;\n)]*/g)].map(
        (m) => `${relative(GAMES, f)}: ${m[0]}`,
      ),
    );
    expect(casts).toEqual([]);
  });
});
