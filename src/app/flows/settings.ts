// The public settings as views read them: null until loaded. The settings actor (src/app/wiring/settings.ts) is
// loaded after the first paint; until it is there, views show what the page was rendered with, so hydration
// matches the server's HTML.
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { SettingsResponse } from '../../api/schemas/calculator.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import type { Locale } from '../../i18n/locales.ts';
import { InitialPageContext } from '../initialPage.ts';
import type { SettingsActor } from '../wiring/settings.ts';
import { seededSettings } from '../wiring/settingsSeed.ts';

const noSubscription = () => () => undefined;

/** The language's settings actor, once its module has loaded. */
function useSettingsActor(locale: Locale): SettingsActor | null {
  const [loaded, setLoaded] = useState<{ locale: Locale; actor: SettingsActor } | null>(null);
  useEffect(() => {
    let current = true;
    void import('../wiring/settings.ts').then(({ settingsActor }) => {
      if (current) setLoaded({ locale, actor: settingsActor(locale) });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.actor : null;
}

export function useSettings(): SettingsResponse | null {
  const locale = useLocale();
  const rendered = useContext(InitialPageContext)?.settings ?? null;
  const actor = useSettingsActor(locale);
  return useSyncExternalStore(
    actor ? (listener) => actor.subscribe(listener).unsubscribe : noSubscription,
    () => (actor ? actor.getSnapshot().context.settings : seededSettings(locale)),
    () => rendered,
  );
}
