/** Helpers for tests that check a language's messages against English. */
export type MessageTree = { [key: string]: string | MessageTree };

/** Every message as a dotted key → text. */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flattenMessages(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** The `{name}` placeholders of a message, sorted. */
export const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
