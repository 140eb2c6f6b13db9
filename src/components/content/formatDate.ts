// Dates of content and news in the reader's language: "1 ноября 2026 г." / "November 1, 2026".
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

/**
 * The exchanger's own time zone. Content is dated by its calendar (a contest starting at midnight in Moscow starts
 * on that day for every reader), and so the server and every browser print the same day: no hydration mismatch.
 */
export const EXCHANGER_TIME_ZONE = 'Europe/Moscow';

export function formatDate(iso: string, locale: Locale): string {
  // A bare date (YYYY-MM-DD) is a calendar day: read it at noon UTC so no time zone shifts it.
  const bareDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const value = bareDay ? `${iso}T12:00:00Z` : iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: bareDay ? 'UTC' : EXCHANGER_TIME_ZONE,
  }).format(new Date(value));
}
