// The public settings (GET /api/v1/calculator/settings/): contest, captcha, support e-mail, chat widget.
// Loaded once per language and shared: `getSettings()` for code, `useSettings()` for views (null until loaded).
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { apiPrefix } from '../api/credentials.ts';
import type { SettingsResponse } from '../api/schemas/calculator.ts';
import { InitialPageContext } from './initialPage.ts';

const cache = new Map<string, Promise<SettingsResponse>>();
const loaded = new Map<string, SettingsResponse>();
const listeners = new Set<() => void>();

function key(): string {
  return apiPrefix() || 'ru';
}

/** The settings for the active API language; failed loads are forgotten so the next call retries. */
export function getSettings(): Promise<SettingsResponse> {
  const k = key();
  let pending = cache.get(k);
  if (!pending) {
    // The HTTP client arrives with the first call, after the first paint.
    pending = import('../api/client.ts').then(({ api }) => api.get('/api/v1/calculator/settings/').json<SettingsResponse>());
    cache.set(k, pending);
    pending.then(
      (settings) => {
        loaded.set(k, settings);
        listeners.forEach((listener) => listener());
      },
      () => cache.delete(k),
    );
  }
  return pending;
}

/** Takes the settings a server-rendered page came with as loaded for the active API language (no fetch). */
export function seedSettings(settings: SettingsResponse): void {
  cache.set(key(), Promise.resolve(settings));
  loaded.set(key(), settings);
}

/** Drops the cached settings so the next read fetches them again (the operator changed them; tests). */
export function forgetSettings(): void {
  cache.clear();
  loaded.clear();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): SettingsResponse | null {
  // The language is part of the cache key: re-read when it changes.
  const locale = useLocale();
  const initial = useContext(InitialPageContext);
  const settings = useSyncExternalStore(
    subscribe,
    () => loaded.get(key()) ?? null,
    // A server-rendered page and its hydration show the settings the server rendered with.
    () => initial?.settings ?? null,
  );
  useEffect(() => {
    if (!settings) void getSettings().catch(() => undefined);
  }, [settings, locale]);
  return settings;
}
