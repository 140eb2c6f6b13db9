// What an amount field shows: a computed amount uses the language's decimal mark, typed text stays as typed.
import type { Locale } from '../../i18n/locales.ts';

const CANONICAL = /^\d+(\.\d+)?$/;

export function amountFieldText(text: string, locale: Locale): string {
  if (locale !== 'ru' || !CANONICAL.test(text)) return text;
  return text.replace('.', ',');
}
