// Dates of content and news in the reader's language: "1 ноября 2026 г." / "November 1, 2026".
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

export function formatDate(iso: string, locale: Locale): string {
  // A bare date (YYYY-MM-DD) is a calendar day: read it at noon UTC so no time zone shifts it.
  const value = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(value),
  );
}
