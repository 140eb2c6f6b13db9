// One settings actor per language, shared by every view of the page: created on first use, or seeded with what
// the server rendered. The HTTP client and the zod schema arrive with the first fetch, after the first paint.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { settingsMachine } from '../../../machines/settings.ts';
import type { SettingsResponse } from '../../api/schemas/calculator.ts';
import { withErrorBody } from '../../api/errors.ts';
import type { Locale } from '../../i18n/locales.ts';
import { inspect } from '../inspector.ts';

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;

const wiredSettingsMachine = settingsMachine.provide({
  actors: {
    fetchSettings: fromPromise(async () => {
      const { fetchSettings } = await import('../../api/calculator.ts');
      return withErrorBody(() => fetchSettings(null, null));
    }),
  },
});

const actors = new Map<Locale, SettingsActor>();

function startSettings(locale: Locale, preloaded: SettingsResponse | null): SettingsActor {
  const actor = createActor(wiredSettingsMachine, { input: { preloaded }, inspect }).start();
  actors.set(locale, actor);
  return actor;
}

/** The settings actor of a language (the API answers in the language active when it first loads). */
export function settingsActor(locale: Locale): SettingsActor {
  return actors.get(locale) ?? startSettings(locale, null);
}

/** Takes the settings a server-rendered page came with as that language's (no fetch). */
export function seedSettings(locale: Locale, settings: SettingsResponse): void {
  actors.get(locale)?.stop();
  startSettings(locale, settings);
}

/** Drops every language's settings so the next read loads them again (tests). */
export function forgetSettings(): void {
  actors.forEach((actor) => actor.stop());
  actors.clear();
}
