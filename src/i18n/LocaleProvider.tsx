// Runs the locale machine for the app: the URL's language is loaded and activated before the app renders,
// and the switcher goes through the machine (load → remember → activate → navigate).
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { localeMachine } from '../../machines/locale.ts';
import { setApiLocale } from '../api/credentials.ts';
import { loadCatalog } from './catalog.ts';
import { writeLangCookie } from './cookie.ts';
import { LOCALE_TAGS, localeFromPath, type Locale } from './locales.ts';
import { inspect } from '../app/inspector.ts';

type LocaleActor = ActorRefFrom<typeof localeMachine>;

const LocaleActorContext = createContext<LocaleActor | null>(null);

/** Makes a language current everywhere: Lingui, <html lang> and the API prefix. */
export function activateLocale(locale: Locale): void {
  // Activating the active language again would re-render every translated text (a hydrated page, for nothing).
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
  setApiLocale(locale);
}

/** The app's locale machine; `navigate` goes through the router the provider sits in. */
function appLocaleMachine(navigate: (to: string) => void) {
  return localeMachine.provide({
    actors: { loadCatalog: fromPromise(({ input }: { input: { locale: Locale } }) => loadCatalog(input.locale)) },
    actions: {
      activate: (_, { locale }) => activateLocale(locale),
      rememberChoice: (_, { locale }) => writeLangCookie(locale),
      navigate: (_, { to }) => navigate(to),
    },
  });
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [pathname, setLocation] = useLocation();
  const routeLocale = localeFromPath(pathname);
  // wouter's navigate is stable for the life of the router, so the machine may keep the first one.
  const actor = useActorRef(appLocaleMachine(setLocation), { input: { locale: routeLocale }, inspect });

  useEffect(() => {
    actor.send({ type: 'route.changed', locale: routeLocale });
  }, [actor, routeLocale]);

  const failed = useSelector(actor, (s) => s.matches('failed'));
  // Re-render on every state change; the app renders once a language has been activated.
  useSelector(actor, (s) => s.value);

  if (failed && !i18n.locale) {
    return (
      <main className="mx-auto max-w-md p-8 text-center" lang={LOCALE_TAGS[routeLocale]}>
        <p className="mb-4">Не удалось загрузить страницу. / The page could not be loaded.</p>
        <button
          type="button"
          className="rounded bg-brand-600 px-4 py-2 font-semibold text-white"
          onClick={() => actor.send({ type: 'locale.retry' })}
        >
          Повторить / Retry
        </button>
      </main>
    );
  }
  if (!i18n.locale) return null;

  return (
    <LocaleActorContext.Provider value={actor}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleActorContext.Provider>
  );
}

function useLocaleActor(): LocaleActor {
  const actor = useContext(LocaleActorContext);
  if (!actor) throw new Error('useLocale* needs <LocaleProvider>');
  return actor;
}

/** The active interface language (the one Lingui renders; tests only need an I18nProvider). */
export function useLocale(): Locale {
  const { i18n: active } = useLingui();
  return active.locale === 'en' ? 'en' : 'ru';
}

/** Switching state for the language switcher: ask for a language, see progress and failure. */
export function useLocaleSwitch() {
  const actor = useLocaleActor();
  const switching = useSelector(actor, (s) => s.matches('switching'));
  const failed = useSelector(actor, (s) => s.context.error !== null);
  return {
    switching,
    failed,
    switchTo: (locale: Locale, target: string) => actor.send({ type: 'locale.switch', locale, target }),
  };
}
