// The public settings as views and flows read them: null until known. The settings actor of a language
// (src/wiring/settings.ts, one for the whole page: the settings are the page's, not a view's) is loaded after the
// first paint; until it is there, what the page was rendered with stands, so hydration matches the server's HTML.
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { fromCallback, type EventObject } from 'xstate';
import type { SettingsResponse } from '../api/schemas/calculator.ts';
import type { Locale } from '../i18n/locales.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { InitialPageContext } from './initialPage.ts';
import type { SettingsActor } from '../wiring/settings.ts';
import { seededSettings } from '../wiring/settingsSeed.ts';
import { lazyModule } from './lazyModule.ts';

const settingsWiring = lazyModule(() => import('../wiring/settings.ts'));
/** The settings actor of a language, once the wiring has loaded. */
let loadedActor: ((locale: Locale) => SettingsActor) | null = null;

/** The language's settings now: its actor's once loaded, else what the page was seeded with. */
function currentSettings(locale: Locale): SettingsResponse | null {
  return loadedActor ? loadedActor(locale).getSnapshot().context.settings : seededSettings(locale);
}

/** Calls `onChange` whenever the language's settings may have changed (first when the actor arrives); returns the stop. */
function subscribeSettings(locale: Locale, onChange: () => void): () => void {
  let subscription: { unsubscribe: () => void } | null = null;
  let stopped = false;
  // Offline or a deploy in progress: the seeded settings stand, and the next subscription tries again.
  settingsWiring().then(
    ({ settingsActor }) => {
      loadedActor = settingsActor;
      if (stopped) return;
      subscription = settingsActor(locale).subscribe(onChange);
      onChange();
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}

export function useSettings(): SettingsResponse | null {
  const locale = useLocale();
  const rendered = useContext(InitialPageContext)?.settings ?? null;
  const subscribe = useCallback((onChange: () => void) => subscribeSettings(locale, onChange), [locale]);
  return useSyncExternalStore(subscribe, () => currentSettings(locale), () => rendered);
}

/**
 * A machine's view of the settings (an actor it invokes): `toEvent` of the settings known at once, and of each new
 * settings object after; settings that say nothing (null) send nothing.
 */
export function settingsWatcher<TEvent extends EventObject>(
  locale: () => Locale,
  toEvent: (settings: SettingsResponse) => TEvent,
) {
  return fromCallback<TEvent>(({ sendBack }) => {
    let told: SettingsResponse | null = null;
    const tell = () => {
      const settings = currentSettings(locale());
      if (settings === null || settings === told) return;
      told = settings;
      sendBack(toEvent(settings));
    };
    tell();
    return subscribeSettings(locale(), tell);
  });
}
