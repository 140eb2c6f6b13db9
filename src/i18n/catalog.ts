// Loads one locale's compiled catalog on demand: each .po becomes its own chunk, so only the active language ships.
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './locales.ts';

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

const registered = new Set<Locale>();

/** Fetches the catalog and registers it with Lingui (without activating it), once: registering re-renders every text. */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (registered.has(locale)) return;
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
  registered.add(locale);
}
