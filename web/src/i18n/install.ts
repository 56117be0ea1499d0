/**
 * Merges a screen's words (a `messages.ts` module, precompiled by the build: see
 * scripts/precompile-messages.ts) into the app's i18n when the screen loads, so the first
 * screen does not carry them and the site-wide language switch covers them. Once per module.
 */
import { i18n } from './index';

type Tree = { [key: string]: unknown };
const installed = new WeakSet<object>();

/** Merge `messages` in both languages, under `namespace.` when given; a second call does nothing. */
export function installMessages(messages: { en: Tree; ar: Tree }, namespace?: string): void {
  if (installed.has(messages)) return;
  installed.add(messages);
  for (const locale of ['en', 'ar'] as const) {
    const tree = messages[locale];
    i18n.global.mergeLocaleMessage(locale, namespace ? { [namespace]: tree } : tree);
  }
}
