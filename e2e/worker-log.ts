/**
 * The Worker's own log under the suite (`wrangler dev`'s output, written to e2e/artifacts/worker.log
 * by the web server command in playwright.config.ts). A runtime assertion there — such as
 * "expected !currentlySending; another message send is already in progress", a frame written to a
 * socket while another is still on its way — is a bug no browser sees at once: the suite fails on it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WORKER_LOG = join(import.meta.dirname, 'artifacts', 'worker.log');

/** The lines of a log that report a failed runtime assertion (kj's "file:line: failed: expected …"). */
export function runtimeAssertions(log: string): string[] {
  return log.split('\n').filter((line) => /\bfailed: expected\b|\bexpected !\w+;/.test(line));
}

/** Playwright's global teardown: throws, naming each line, when the Worker's log has one. */
export default function checkWorkerLog(): void {
  // A server Playwright did not start (reused locally) wrote no log here, or an older one.
  if (!existsSync(WORKER_LOG) || statSync(WORKER_LOG).mtimeMs < performance.timeOrigin) return;
  const found = runtimeAssertions(readFileSync(WORKER_LOG, 'utf8'));
  if (found.length > 0) throw new Error(`The Worker's log (${WORKER_LOG}) has ${found.length} runtime assertion(s):\n${found.slice(0, 10).join('\n')}`);
}
