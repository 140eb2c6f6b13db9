// Runs the locale machine for the app: the URL's language is loaded and activated before the app renders,
// and the switcher goes through the machine (load → remember → activate → navigate).
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import type { localeMachine } from '../../machines/locale.ts';
import { LOCALE_TAGS, localeFromPath, type Locale } from '../i18n/locales.ts';
import { inspect } from './inspector.ts';
import { wiredLocaleMachine } from '../wiring/locale.ts';

type LocaleActor = ActorRefFrom<typeof localeMachine>;

const LocaleActorContext = createContext<LocaleActor | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [pathname, setLocation] = useLocation();
  const routeLocale = localeFromPath(pathname);
  // wouter's navigate is stable for the life of the router, so the machine is wired once with the first one.
  const [machine] = useState(() => wiredLocaleMachine(setLocation));
  const actor = useActorRef(machine, { input: { locale: routeLocale }, inspect });

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
