/**
 * Vite plugin: vue-i18n messages compiled at build time, so the browser gets vue-i18n without
 * its message compiler (about 5 KB gzipped off the first screen; issue 12's 60 KB budget).
 *
 * A message module (MESSAGE_MODULE: `web/src/i18n/<locale>.ts`, every `messages.ts` under
 * web/src and each game's `home.messages.ts`) is plain data. At build time it is run once and re-emitted with every message that
 * uses vue-i18n syntax (`{name}`, `a | b` plurals, `@:linked`) replaced by the compiler's AST,
 * which the runtime formats without the compiler; plain text stays a string, which the runtime
 * shows as it is. Translation trees must live in such modules: `messages-guard.test.ts` checks it.
 */
import { baseCompile } from '@intlify/message-compiler';
import { transformWithOxc, type Plugin } from 'vite';

/** Files holding translation trees: the app words per locale, and each game's `messages.ts` and `home.messages.ts`. */
export const MESSAGE_MODULE = /\/web\/src\/(?:i18n\/(?:en|ar)|(?:.+\/)?(?:home\.)?messages)\.ts$/;

/** Characters that make a message more than plain text in vue-i18n's message syntax. */
const SYNTAX = /[{}@|]/;

/** A message as the runtime needs it: the string itself when plain, else the compiler's AST. */
export function compileMessage(message: string, where: string): unknown {
  if (!SYNTAX.test(message)) return message;
  const errors: string[] = [];
  const { ast } = baseCompile(message, {
    jit: true,
    minify: true,
    location: false,
    onError: (e) => errors.push(e.message),
  });
  if (errors.length) throw new Error(`i18n message ${where} ("${message}") does not compile: ${errors.join('; ')}`);
  return ast;
}

/** Every string leaf of a translation tree compiled; other leaves (numbers…) kept. */
export function compileTree(tree: unknown, path: string): unknown {
  if (typeof tree === 'string') return compileMessage(tree, path);
  if (Array.isArray(tree)) return tree.map((v, i) => compileTree(v, `${path}.${i}`));
  if (tree && typeof tree === 'object') {
    return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, compileTree(v, path ? `${path}.${k}` : k)]));
  }
  return tree;
}

/** The plugin; it also sets vue-i18n's build flags (runtime without compiler, no legacy API). */
export function precompileMessages(): Plugin {
  return {
    name: 'cardroom:precompile-messages',
    config: () => ({
      define: {
        __VUE_I18N_FULL_INSTALL__: 'false',
        __VUE_I18N_LEGACY_API__: 'false',
        __INTLIFY_DROP_MESSAGE_COMPILER__: 'true',
        __INTLIFY_PROD_DEVTOOLS__: 'false',
      },
    }),
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!MESSAGE_MODULE.test(file)) return null;
      // Strip the types, then run the module: message modules import nothing but types.
      const js = (await transformWithOxc(code, file, { lang: 'ts' })).code;
      if (/^\s*import\s(?!type\b)/m.test(js)) throw new Error(`${file}: a message module may import types only (it is run at build time)`);
      const mod = (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as Record<string, unknown>;
      const out = Object.entries(mod).map(([name, value]) => {
        const json = JSON.stringify(compileTree(value, ''));
        return name === 'default' ? `export default ${json};` : `export const ${name} = ${json};`;
      });
      return { code: out.join('\n'), map: null };
    },
  };
}
