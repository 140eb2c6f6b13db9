// How the account lists show moments and amounts in the reader's language.
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

/** In the reader's time zone unless one is named (a server-rendered page names one, see LocalDateTime). */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

const MOSCOW = 'Europe/Moscow';

/** The zone a moment is shown in, as people write it: "МСК"/"MSK" for Moscow, else the short name ("GMT+9", "UTC"). */
export function zoneLabel(locale: Locale, timeZone?: string): string {
  const zone = timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone === MOSCOW) return locale === 'ru' ? 'МСК' : 'MSK';
  const parts = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** A moment with the zone it is written in ("27 нояб. 2026 г., 02:18 МСК"), so no reader takes one zone for another. */
export function formatDateTimeInZone(iso: string, locale: Locale, timeZone?: string): string {
  return `${formatDateTime(iso, locale, timeZone)}\u00a0${zoneLabel(locale, timeZone)}`;
}

/** Balances are kept with kopecks: always at least two decimals ("412,50"). */
export function formatMoneyAmount(value: string, locale: Locale): string {
  return formatAmount(value, LOCALE_TAGS[locale], 2);
}

/** An amount with its unit, never parted ("412,50 RUB"). */
export function formatMoney(value: string, unit: string, locale: Locale): string {
  return `${formatMoneyAmount(value, locale)}\u00a0${unit}`;
}
