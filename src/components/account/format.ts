// How the account lists show moments and amounts in the reader's language.
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatMoney(value: string, unit: string, locale: Locale): string {
  return `${formatAmount(value, LOCALE_TAGS[locale])}\u00a0${unit}`;
}
