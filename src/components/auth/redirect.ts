// Leaving for another page with a full load (after sign-in): the new page starts with a fresh session.
import { localeFromPath, localizePath } from '../../i18n/locales.ts';

/** Where a successful sign-in lands (SPEC §9). */
export const AFTER_LOGIN = '/account/orders';

/** The language of the page the user is on now. */
export function currentLocale() {
  return localeFromPath(window.location.pathname);
}

export function fullRedirect(path: string): void {
  window.location.assign(localizePath(path, currentLocale()));
}
