// Runs the locale machine for the app (one actor for the whole app, under LocaleProvider): the URL's language is
// loaded and activated before the app renders, a navigation to the other language follows it, and the switcher goes
// through the machine (load → remember → activate → navigate).
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { LocaleEvent } from '../../machines/locale.ts';
import { LOCALE_TAGS, localeFromPath, type Locale } from '../i18n/locales.ts';
import { flowContext, type FlowPage } from './flowContext.tsx';
import { pageWatcher } from './route.ts';
import { wiredLocaleMachine } from '../wiring/locale.ts';

interface LocalePage {
  /** The language of the path the app renders. */
  routeLocale: Locale;
  navigate: (to: string) => void;
}

const localeFlow = flowContext(wiredLocaleMachine, (page: FlowPage<LocalePage>) => ({
  actors: {
    watchRoute: pageWatcher(
      page,
      ({ routeLocale }) => routeLocale,
      (locale): LocaleEvent => ({ type: 'route.changed', locale }),
    ),
  },
  actions: { navigate: (_, { to }) => page().navigate(to) },
}));

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [pathname, navigate] = useLocation();
  const routeLocale = localeFromPath(pathname);
  return (
    <localeFlow.Shared input={{ locale: routeLocale }} page={{ routeLocale, navigate }}>
      <ActiveLocale routeLocale={routeLocale}>{children}</ActiveLocale>
    </localeFlow.Shared>
  );
}

/** Renders the app once a language has been activated, or offers to retry a failed first load. */
function ActiveLocale({ routeLocale, children }: { routeLocale: Locale; children: ReactNode }) {
  const actor = localeFlow.useSharedActor();
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
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Switching state for the language switcher: ask for a language, see progress and failure. */
export function useLocaleSwitch() {
  const actor = localeFlow.useSharedActor();
  const switching = useSelector(actor, (s) => s.matches('switching'));
  const failed = useSelector(actor, (s) => s.context.error !== null);
  return {
    switching,
    failed,
    switchTo: (locale: Locale, target: string) => actor.send({ type: 'locale.switch', locale, target }),
  };
}
