// The active interface language: the one Lingui renders (tests only need an I18nProvider).
import { useLingui } from '@lingui/react';
import type { Locale } from './locales.ts';

export function useLocale(): Locale {
  const { i18n: active } = useLingui();
  return active.locale === 'en' ? 'en' : 'ru';
}
