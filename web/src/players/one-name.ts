/**
 * One name for the person everywhere (issue 29): the player's record holds it (tables,
 * leaderboards, profiles), and this browser keeps it under NAME_KEY for the lobby's seat form,
 * saved games and Mahjong. It is asked for once, before the first room, ranked game or Mahjong
 * game (prefilled, skippable); a name typed later where a seat is taken becomes the one name.
 * No heavy import at the top: the home page loads this on a tap.
 */
import { shallowRef } from 'vue';
import { NAME_KEY } from '../offline/saved';

/** Set once the person has been asked (or chose a name where a seat is taken): never asked again. */
export const NAME_ASKED_KEY = 'cardroom:name-asked';

/** The open question, drawn by NamePrompt.vue (mounted by App.vue while it is set). */
export const nameQuestion = shallowRef<{ suggested: string; answer: (name: string | null) => void } | null>(null);

export interface OneNameDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The player's record (made first if this browser has none). */
  me: () => Promise<{ player: { name: string } }>;
  rename: (name: string) => Promise<unknown>;
  /** Shows the question; a name, or null when the person skipped it. */
  ask: (suggested: string) => Promise<string | null>;
}

/**
 * The name to play under: asked the first time, the player's own after. Never fails: without
 * the server it is the name this browser last used (a room still seats them).
 */
export async function nameForPlay(deps: OneNameDeps): Promise<string> {
  const kept = deps.storage.getItem(NAME_KEY)?.trim() ?? '';
  const recorded = await deps
    .me()
    .then((me) => me.player.name)
    .catch(() => null);
  const current = recorded ?? kept;
  if (deps.storage.getItem(NAME_ASKED_KEY) !== null) {
    if (current) deps.storage.setItem(NAME_KEY, current);
    return current;
  }
  const chosen = (await deps.ask(kept || current))?.trim() || current;
  return adoptName(deps, chosen, recorded);
}

/**
 * `name` becomes the one name: kept here, and the player's record renamed when it differs
 * (`recorded`: the record's name, undefined when not read). A refused rename keeps the record's.
 */
export async function adoptName(deps: Pick<OneNameDeps, 'storage' | 'rename'>, name: string, recorded?: string | null): Promise<string> {
  deps.storage.setItem(NAME_ASKED_KEY, '1');
  if (!name) return name;
  deps.storage.setItem(NAME_KEY, name);
  if (name !== recorded) await deps.rename(name).catch(() => undefined);
  return name;
}

/** The browser's own: the players API (loaded on first use) and the question shown by App.vue. */
export function browserNameDeps(): OneNameDeps {
  const api = () => import('./api');
  return {
    storage: localStorage,
    me: () => api().then((m) => m.loadMe()),
    rename: (name) => api().then((m) => m.rename(name)),
    ask: (suggested) => new Promise((answer) => (nameQuestion.value = { suggested, answer })),
  };
}

/** What the pages call: the name to sit or queue under. */
export const askNameOnce = () => nameForPlay(browserNameDeps());

/** A name typed where a seat is taken (a lobby, Mahjong) becomes the one name, if it is new. */
export function nameTyped(name: string): void {
  const storage = localStorage;
  if (storage.getItem(NAME_ASKED_KEY) !== null && storage.getItem(NAME_KEY)?.trim() === name) return;
  void adoptName(browserNameDeps(), name);
}
