// Leaving for another page with a full load (after sign-in): the new page starts with a fresh session.
import { i18n } from '@lingui/core';
import { isLocale, localeFromPath, localizePath, type Locale } from '../i18n/locales.ts';

/** Where a successful sign-in lands (docs/product.md §9). */
export const AFTER_LOGIN = '/account/orders';

/** The active interface language (the one Lingui shows), else the address's. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : localeFromPath(window.location.pathname);
}

export function fullRedirect(path: string): void {
  window.location.assign(localizePath(path, currentLocale()));
}
