// What an amount field shows: a computed amount uses the language's decimal mark, typed text stays as typed.
import type { Locale } from '../../i18n/locales.ts';

const CANONICAL = /^\d+(\.\d+)?$/;

export function amountFieldText(text: string, locale: Locale): string {
  if (locale !== 'ru' || !CANONICAL.test(text)) return text;
  return text.replace('.', ',');
}

/**
 * What the field shows while nobody edits it: a settled amount grouped like the rest of the page
 * ("4 404,80" in Russian, "4,404.80" in English), every digit kept. Typed text that is not an amount stays as typed.
 */
export function groupedAmountText(text: string, locale: Locale): string {
  if (!CANONICAL.test(text)) return text;
  const [whole = '', fraction] = text.split('.');
  const group = locale === 'ru' ? '\u00a0' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === undefined ? grouped : `${grouped}${locale === 'ru' ? ',' : '.'}${fraction}`;
}
