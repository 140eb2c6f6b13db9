// One settings actor per language, shared by every view of the page: created on first use, from what the server
// rendered when it did (settingsSeed.ts). Loaded after the first paint, like the HTTP client and the zod schema
// that arrive with its first fetch.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { settingsMachine } from '../../machines/settings.ts';
import { withErrorBody } from '../api/errors.ts';
import type { Locale } from '../i18n/locales.ts';
import { inspect } from '../flows/inspector.ts';
import { forgetSeededSettings, seededSettings } from './settingsSeed.ts';

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;

const wiredSettingsMachine = settingsMachine.provide({
  actors: {
    fetchSettings: fromPromise(async () => {
      const { fetchSettings } = await import('../api/calculator.ts');
      return withErrorBody(() => fetchSettings(null, null));
    }),
  },
});

const actors = new Map<Locale, SettingsActor>();

/** The settings actor of a language (the API answers in the language active when it first loads). */
export function settingsActor(locale: Locale): SettingsActor {
  let actor = actors.get(locale);
  if (!actor) {
    actor = createActor(wiredSettingsMachine, { input: { preloaded: seededSettings(locale) }, inspect }).start();
    actors.set(locale, actor);
  }
  return actor;
}

/** Drops every language's settings so the next read loads them again (tests). */
export function forgetSettings(): void {
  actors.forEach((actor) => actor.stop());
  actors.clear();
  forgetSeededSettings();
}
