import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js, run on made-up files: each forbidden import is refused
 * and its allowed neighbour is not, so a rule that stops matching fails here rather than silently.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

/** The messages of the layering rules for `code` as if it were the file at `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layering lint rules', () => {
  it('keep the rules package away from the Worker and the web', async () => {
    expect(await refusals('shared/cards/x.ts', "import '../../worker/ids';")).toEqual([expect.stringContaining('never imports the Worker or the web')]);
    expect(await refusals('shared/games/eights/x.ts', "import '../../../web/src/main';")).toEqual([
      expect.stringContaining('never imports the Worker or the web'),
    ]);
    // The room's and the games' own rules keep this one (a later config block replaces an earlier one's options).
    expect(await refusals('shared/room/x.ts', "export * from '../../worker/env';")).toEqual([expect.stringContaining('never imports the Worker or the web')]);
    expect(await refusals('shared/cards/x.ts', "import '../engine/types';")).toEqual([]);
  });

  it('let the room reach games only through the registry (its tests drive real games)', async () => {
    expect(await refusals('shared/room/x.ts', "import '../games/eights';")).toEqual([expect.stringContaining('only through shared/games/registry.ts')]);
    expect(await refusals('shared/room/x.ts', "import type { EightsView } from '../games/eights/types';")).toHaveLength(1);
    expect(await refusals('shared/room/x.ts', "import '../games/registry';")).toEqual([]);
    expect(await refusals('shared/room/x.test.ts', "import '../games/eights';")).toEqual([]);
  });

  it('keep each game out of every other game, in the rules and in the web', async () => {
    expect(await refusals('shared/games/eights/x.ts', "import '../baloot/types';")).toEqual([expect.stringContaining('never imports another game')]);
    expect(await refusals('shared/games/rummy/terminal/x.ts', "import '../../../games/dhappa/melds';")).toHaveLength(1);
    expect(await refusals('shared/games/eights/x.ts', "import './cards'; import '../../cards/rng';")).toEqual([]);
    expect(await refusals('web/src/games/eights/x.ts', "import '../baloot/words';")).toHaveLength(1);
    expect(await refusals('web/src/games/eights/x.ts', "import '../../../../shared/games/baloot/types';")).toHaveLength(1);
    expect(await refusals('web/src/games/eights/x.ts', "import '../../../../shared/games/eights/types'; import '../words';")).toEqual([]);
  });

  it('have the web import the rules package by relative path, never through the @shared alias', async () => {
    expect(await refusals('web/src/pages/x.ts', "import '@shared/protocol';")).toEqual([expect.stringContaining('not through the @shared alias')]);
    expect(await refusals('web/src/pages/x.ts', "void import('@shared/fair');")).toHaveLength(1);
    expect(await refusals('web/src/pages/x.ts', "import '../../../shared/protocol'; void import('../../../shared/fair');")).toEqual([]);
  });
});
