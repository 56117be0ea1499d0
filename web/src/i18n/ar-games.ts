/**
 * Every game's Arabic name, blurb and option labels, each from its own folder
 * (`web/src/games/<id>/home.messages.ts`, found by that name), as the app's `catalog.<id>` and
 * `options.<id>` messages. Loaded with the app's Arabic words (./index.ts); English uses the
 * catalog's own words (shared/games/catalog.ts).
 */
export interface HomeWords {
  name: string;
  blurb: string;
  /** Option labels by key, a choice's label as `<key>_<value>`, a help text as `<key>Help`. */
  options?: Record<string, string>;
}

const byGame = Object.entries(import.meta.glob<HomeWords>('../games/*/home.messages.ts', { eager: true, import: 'ar' })).map(
  ([path, words]) => [path.split('/')[2]!, words] as const,
);

export const arGames = {
  catalog: Object.fromEntries(byGame.map(([id, w]) => [id, { name: w.name, blurb: w.blurb }])),
  options: Object.fromEntries(byGame.flatMap(([id, w]) => (w.options ? [[id, w.options]] : []))),
};
