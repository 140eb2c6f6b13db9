// The public settings as views read them: null until loaded. The settings actor (src/wiring/settings.ts) is
// loaded after the first paint; until it is there, views show what the page was rendered with, so hydration
// matches the server's HTML.
import { useContext, useSyncExternalStore } from 'react';
import type { SettingsResponse } from '../api/schemas/calculator.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { InitialPageContext } from './initialPage.ts';
import { seededSettings } from '../wiring/settingsSeed.ts';
import { lazyModule, useLazyModule } from './lazyModule.ts';

const noSubscription = () => () => undefined;

const settingsWiring = lazyModule(() => import('../wiring/settings.ts'));

export function useSettings(): SettingsResponse | null {
  const locale = useLocale();
  const rendered = useContext(InitialPageContext)?.settings ?? null;
  // The language's settings actor, once the wiring has loaded (one shared actor per language).
  const actor = useLazyModule(settingsWiring)?.settingsActor(locale) ?? null;
  return useSyncExternalStore(
    actor ? (listener) => actor.subscribe(listener).unsubscribe : noSubscription,
    () => (actor ? actor.getSnapshot().context.settings : seededSettings(locale)),
    () => rendered,
  );
}
