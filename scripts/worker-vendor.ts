/**
 * The passkey verifier as a module of its own (issue 32): @simplewebauthn/server and the stack
 * under it (asn1js, @peculiar/*, reflect-metadata, tsyringe…: about 310 KiB minified, half the
 * Worker) are pre-bundled into worker/vendor/webauthn.js, which worker/passkeys.ts loads with
 * `import()` when a passkey route runs. Wrangler would inline a package's `import()` into the
 * Worker's one file; a file under worker/ that matches wrangler.toml's `[[rules]]` (with
 * `find_additional_modules`) stays a separate module instead, uploaded beside the bundle and
 * imported by its name.
 *
 * workerd compiles every module of a Worker when an isolate starts (its module registry today;
 * it evaluates only what is imported). So the whole bundle is one function, `load()`, that V8
 * only pre-parses then: an isolate that never sees a passkey (every room's) neither compiles the
 * verifier's code in full nor runs it. `load()` runs it once and returns the package's exports.
 *
 * Generated, never committed: `npm run build` runs this (npm start, npm run deploy and npm test
 * build first, and the end-to-end server serves that build); scripts/bench.ts runs it before the
 * benchmarks that start `wrangler dev`, and worker/vitest.config.ts for the Workers test pool.
 * Its types are the package's own (worker/vendor/webauthn.d.ts).
 *
 *   npx tsx scripts/worker-vendor.ts
 */
import { build } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `.href`: worker/vitest.config.ts imports this file, and the Workers types' URL is not Node's.
const root = fileURLToPath(new URL('..', import.meta.url).href);
export const WEBAUTHN_MODULE = fileURLToPath(new URL('../worker/vendor/webauthn.js', import.meta.url).href);

/** Writes worker/vendor/webauthn.js; a file already up to date is left alone (`wrangler dev` watches it). */
export async function buildWorkerVendor(): Promise<void> {
  const out = await build({
    stdin: { contents: "export * from '@simplewebauthn/server';", resolveDir: root, sourcefile: 'webauthn-entry.js' },
    bundle: true,
    // `var webauthn = (() => { …; return exports })()`, wrapped in `load()` by the banner and footer.
    format: 'iife',
    globalName: 'webauthn',
    banner: { js: 'let loaded;export function load(){if(loaded)return loaded;' },
    footer: { js: 'return loaded=webauthn}' },
    platform: 'neutral',
    // What wrangler resolves the Worker's own imports with.
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    // No source map: wrangler uploads the bundle's only (upload_source_maps), not an added module's.
    outfile: WEBAUTHN_MODULE,
    write: false,
    logLevel: 'warning',
  });
  const contents = out.outputFiles[0]!.contents;
  const current = await readFile(WEBAUTHN_MODULE).catch(() => null);
  if (current?.equals(contents)) return;
  await mkdir(dirname(WEBAUTHN_MODULE), { recursive: true });
  // Whole or not at all: a `wrangler dev` watching worker/ never reads half a file.
  const temporary = `${WEBAUTHN_MODULE}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, WEBAUTHN_MODULE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildWorkerVendor();
