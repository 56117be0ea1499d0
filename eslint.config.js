import { readdirSync } from 'node:fs';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

// Layering, checked on import paths (relative everywhere, so a path names the folder it reaches).
// Game folders are found by listing the directories, so a new game is covered without an edit here.
const gameDirs = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NO_WORKER_OR_WEB = {
  regex: '^(\\.\\./)+(worker|web)(/|$)',
  message: 'The rules package (shared/) runs in the Worker, the browser and Node: it never imports the Worker or the web.',
};
const NO_SHARED_ALIAS = {
  regex: '^@shared(/|$)',
  message: 'The web imports the rules package by relative path (../shared/...), not through the @shared alias.',
};
// From the room, `../games/registry` is the one door to the games.
const ROOM_ONLY_REGISTRY = {
  regex: '^(\\.\\./)+games/(?!registry$)',
  message: 'The room reaches games only through shared/games/registry.ts, never a game folder.',
};
/** Another game's folder, from inside `games/<own>/`: `../other/…`, `../../games/other/…` or (from the web) `…/shared/games/other/…`. */
const noOtherGame = (own, all) => {
  const others = all.filter((g) => g !== own).map(escape);
  return others.length === 0
    ? []
    : [
        {
          regex: `^(\\.\\./)+(shared/)?(games/)?(${others.join('|')})(/|$)`,
          message: `A game never imports another game (${own} reaches into another game's folder).`,
        },
      ];
};
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  // `import()` too: no-restricted-imports only reads static imports and re-exports.
  'no-restricted-syntax': [
    'error',
    ...patterns.map((p) => ({ selector: `ImportExpression > Literal.source[value=/${p.regex.replace(/\//g, '\\/')}/]`, message: p.message })),
  ],
});

const sharedGames = gameDirs('./shared/games/');
const webGames = gameDirs('./web/src/games/');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**'] },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/no-v-html': 'error',
    },
  },
  // Layering. A later block replaces an earlier one's options for the same rule, so each block lists
  // every pattern that applies to its files.
  { files: ['shared/**'], rules: restrict([NO_WORKER_OR_WEB]) },
  // The room's tests and benchmarks drive real games (leak checks per game), so only its code is held to the registry.
  { files: ['shared/room/**'], ignores: ['**/*.test.ts', '**/*.bench.ts'], rules: restrict([NO_WORKER_OR_WEB, ROOM_ONLY_REGISTRY]) },
  ...sharedGames.map((g) => ({ files: [`shared/games/${g}/**`], rules: restrict([NO_WORKER_OR_WEB, ...noOtherGame(g, sharedGames)]) })),
  { files: ['web/**'], rules: restrict([NO_SHARED_ALIAS]) },
  ...webGames.map((g) => ({
    files: [`web/src/games/${g}/**`],
    rules: restrict([NO_SHARED_ALIAS, ...noOtherGame(g, [...new Set([...webGames, ...sharedGames])])]),
  })),
  // Last: switches off the rules that only concern layout (Prettier formats; see .prettierrc.json).
  prettier,
);
