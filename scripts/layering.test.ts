/**
 * Each layering rule of .dependency-cruiser.cjs (run by `npm run lint`) fails on a small tree
 * that breaks it, and passes on the same tree without the breaking import: the rules are real.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** The rules broken by a tree of files (path → source), cruised from its root as the repo is. */
async function broken(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'layering-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(
      ['shared', 'worker', 'web'].filter((d) => Object.keys(files).some((f) => f.startsWith(`${d}/`))),
      {
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        tsPreCompilationDeps: true,
      },
    );
    return [...new Set((output as ICruiseResult).summary.violations.map((v) => v.rule.name))].sort();
  } finally {
    process.chdir(cwd);
  }
}

const value = (to: string) => `import { x } from '${to}';\nexport const y = x;\n`;
const typeOnly = (to: string) => `import type { X } from '${to}';\nexport type Y = X;\nexport const x = 1;\n`;
const leaf = 'export const x = 1;\nexport type X = number;\n';

describe('the layering rules', () => {
  it('no-circular: a value import cycle fails; a type-only one is allowed', async () => {
    expect(await broken({ 'shared/a/one.ts': value('./two'), 'shared/a/two.ts': value('./one') })).toEqual(['no-circular']);
    expect(await broken({ 'worker/one.ts': value('./two'), 'worker/two.ts': typeOnly('./one') })).toEqual([]);
  });

  it('edge-loads-no-game-rules: the queue or a route loading a game or the registry fails; the room may', async () => {
    const games = { 'shared/games/registry.ts': leaf, 'shared/games/cards/index.ts': leaf, 'shared/games/catalog.ts': leaf };
    expect(await broken({ ...games, 'worker/queue.ts': value('../shared/games/registry') })).toEqual(['edge-loads-no-game-rules']);
    expect(await broken({ ...games, 'worker/d1/tables.ts': value('../../shared/games/cards/index') })).toEqual(['edge-loads-no-game-rules']);
    expect(await broken({ ...games, 'worker/ranked-api.ts': value('../shared/games/catalog') })).toEqual([]);
    expect(await broken({ ...games, 'worker/room.ts': value('../shared/games/registry') })).toEqual([]);
  });

  it("room-internals-stay-inside: importing the room's inside from outside fails; its entry points do not", async () => {
    const room = { 'shared/room/seats.ts': leaf, 'shared/room/core.ts': value('./seats') };
    expect(await broken({ ...room, 'worker/room.ts': value('../shared/room/seats') })).toEqual(['room-internals-stay-inside']);
    expect(await broken({ ...room, 'web/src/offline/host.ts': value('../../../shared/room/core') })).toEqual([]);
  });

  it('ranked-stays-pure: shared/ranked importing the room, the Worker or a game fails', async () => {
    const others = { 'shared/room/core.ts': leaf, 'worker/env.ts': leaf, 'shared/games/registry.ts': leaf, 'shared/engine/types.ts': leaf };
    expect(await broken({ ...others, 'shared/ranked/result.ts': value('../room/core') })).toEqual(['ranked-stays-pure']);
    expect(await broken({ ...others, 'shared/ranked/result.ts': value('../../worker/env') })).toEqual(['ranked-stays-pure', 'shared-is-platform-free']);
    expect(await broken({ ...others, 'shared/ranked/result.ts': value('../games/registry') })).toEqual(['ranked-stays-pure']);
    expect(await broken({ ...others, 'shared/ranked/result.ts': value('../engine/types') })).toEqual([]);
  });

  it('game-never-imports-room: a game importing even the room’s entry points fails', async () => {
    expect(await broken({ 'shared/room/types.ts': leaf, 'shared/games/cards/room-play.ts': typeOnly('../../room/types') })).toEqual([
      'game-never-imports-room',
    ]);
  });

  it("game-never-imports-another-game: a game's folder reaching into another game's fails, in shared/ and web/src/", async () => {
    expect(await broken({ 'shared/games/one/a.ts': value('../two/b'), 'shared/games/two/b.ts': leaf })).toEqual(['game-never-imports-another-game']);
    expect(await broken({ 'web/src/games/one/a.ts': value('../../../../shared/games/two/b'), 'shared/games/two/b.ts': leaf })).toEqual([
      'game-never-imports-another-game',
    ]);
    expect(await broken({ 'web/src/games/one/a.ts': value('../../../../shared/games/one/b'), 'shared/games/one/b.ts': leaf })).toEqual([]);
  });

  it('room-reaches-games-by-registry: the room importing a game folder fails', async () => {
    expect(await broken({ 'shared/room/play.ts': value('../games/one/index'), 'shared/games/one/index.ts': leaf })).toEqual(['room-reaches-games-by-registry']);
  });

  it('d1-test-helpers-stay-in-tests: the Worker importing worker/d1/inspect.ts or schema.ts fails; a test or benchmark may', async () => {
    const d1 = { 'worker/d1/inspect.ts': leaf, 'worker/d1/schema.ts': leaf };
    expect(await broken({ ...d1, 'worker/players.ts': value('./d1/inspect') })).toEqual(['d1-test-helpers-stay-in-tests']);
    expect(await broken({ ...d1, 'worker/d1/ratings.ts': value('./schema') })).toEqual(['d1-test-helpers-stay-in-tests']);
    expect(await broken({ ...d1, 'worker/test/players.test.ts': value('../d1/inspect') })).toEqual([]);
    expect(await broken({ ...d1, 'worker/bench/d1.bench.ts': value('../d1/schema') })).toEqual([]);
  });

  it('shared-is-platform-free: the rules package importing the web fails', async () => {
    expect(await broken({ 'shared/protocol/a.ts': value('../../web/src/b'), 'web/src/b.ts': leaf })).toEqual(['shared-is-platform-free']);
  });
});
