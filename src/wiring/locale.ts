// The locale machine bound to Lingui's catalogs, the `lang` cookie, <html lang>, the API's language and the router.
import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { localeMachine } from '../../machines/locale.ts';
import { setApiLocale } from '../api/credentials.ts';
import { loadCatalog } from '../i18n/catalog.ts';
import { writeLangCookie } from '../i18n/cookie.ts';
import type { Locale } from '../i18n/locales.ts';

/** Makes a language current everywhere: Lingui, <html lang> and the API prefix. */
export function activateLocale(locale: Locale): void {
  // Activating the active language again would re-render every translated text (a hydrated page, for nothing).
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
  setApiLocale(locale);
}

/** The app's locale machine; its flow (src/flows/locale.tsx) binds `navigate` to the router the app sits in. */
export const wiredLocaleMachine = localeMachine.provide({
  actors: { loadCatalog: fromPromise(({ input }: { input: { locale: Locale } }) => loadCatalog(input.locale)) },
  actions: {
    activate: (_, { locale }) => activateLocale(locale),
    rememberChoice: (_, { locale }) => writeLangCookie(locale),
  },
});
