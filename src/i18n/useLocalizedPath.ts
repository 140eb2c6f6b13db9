// Links inside the app are written without the locale prefix; this puts the active language's prefix on them.
import { useCallback } from 'react';
import { localizePath } from './locales.ts';
import { useLocale } from './useLocale.ts';

export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
