import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

// Layering between folders (games, the room, ranked play, the Worker, the web) is checked on the
// resolved import graph by dependency-cruiser (.dependency-cruiser.cjs, in `npm run lint`). What
// it cannot see is how an import is spelled: the web reaches the rules package by relative path.
const NO_SHARED_ALIAS = {
  regex: '^@shared(/|$)',
  message: 'The web imports the rules package by relative path (../shared/...), not through the @shared alias.',
};
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  // `import()` too: no-restricted-imports only reads static imports and re-exports.
  'no-restricted-syntax': [
    'error',
    ...patterns.map((p) => ({ selector: `ImportExpression > Literal.source[value=/${p.regex.replace(/\//g, '\\/')}/]`, message: p.message })),
  ],
});

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', 'worker/vendor/*.js'],
  },
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
  { files: ['web/**'], rules: restrict([NO_SHARED_ALIAS]) },
  // Last: switches off the rules that only concern layout (Prettier formats; see .prettierrc.json).
  prettier,
);
