// Pages keep both languages of their text side by side and show the active one.
import { useLocale } from '../../i18n/useLocale.ts';
import type { Locale } from '../../i18n/locales.ts';

export function useLocalContent<T>(byLocale: Record<Locale, T>): T {
  return byLocale[useLocale()];
}
