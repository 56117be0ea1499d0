/**
 * A moment as a date and time in the reader's language, one way across the site. Arabic keeps
 * the Western digits every other number on the site is written in (scores, ratings, clocks),
 * pinned with `nu-latn` so that a browser whose Arabic defaults to Arabic-Indic digits agrees,
 * and names the month ("27 نوفمبر 2026") rather than a row of slashes.
 */
export function dateTime(at: number, locale: string, withDate = true): string {
  const time = { hour: 'numeric', minute: '2-digit' } as const;
  return new Intl.DateTimeFormat(
    locale === 'ar' ? 'ar-u-nu-latn' : 'en',
    withDate ? { day: 'numeric', month: 'short', year: 'numeric', ...time } : time,
  ).format(at);
}
