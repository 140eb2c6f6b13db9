// How the account lists show moments and amounts in the reader's language.
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

/** In the reader's time zone unless one is named (a server-rendered page names one, see LocalDateTime). */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** Balances are kept with kopecks: always at least two decimals ("412,50"). */
export function formatMoneyAmount(value: string, locale: Locale): string {
  return formatAmount(value, LOCALE_TAGS[locale], 2);
}

/** An amount with its unit, never parted ("412,50 RUB"). */
export function formatMoney(value: string, unit: string, locale: Locale): string {
  return `${formatMoneyAmount(value, locale)}\u00a0${unit}`;
}
