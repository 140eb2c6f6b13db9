// The public settings as views read them: null until loaded. On the server (and while hydrating its page) they are
// the ones the page was rendered with.
import { useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { SettingsResponse } from '../../api/schemas/calculator.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { InitialPageContext } from '../initialPage.ts';
import { settingsActor } from '../wiring/settings.ts';

function useSettingsOfLocale(): SettingsResponse | null {
  const actor = settingsActor(useLocale());
  return useSelector(actor, (s) => s.context.settings);
}

function useRenderedSettings(): SettingsResponse | null {
  return useContext(InitialPageContext)?.settings ?? null;
}

/** The server renders without actors: the same hook order either way, decided once per process. */
export const useSettings: () => SettingsResponse | null = typeof window === 'undefined' ? useRenderedSettings : useSettingsOfLocale;
