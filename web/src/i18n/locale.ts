export type Locale = 'en' | 'ar';

/**
 * The language to start in: a choice made on the toggle wins; otherwise the first of the
 * browser's preferred languages that the site speaks (navigator.languages), else English.
 */
export function startingLocale(saved: string | null, preferred: readonly string[]): Locale {
  if (saved === 'en' || saved === 'ar') return saved;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ar' || base === 'en') return base;
  }
  return 'en';
}
