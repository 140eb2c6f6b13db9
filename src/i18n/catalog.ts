// Loads one locale's compiled catalogs on demand: each .po becomes its own chunk, so only the active language
// ships, and an area's texts (the claim, information, sign-in, verification and account pages') only once a page
// of that area is loaded.
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './locales.ts';

/** A part of the site whose texts live in their own catalog (lingui.config.ts); the rest share `messages`. */
export type CatalogArea = 'claim' | 'info' | 'auth' | 'verification' | 'account';

type Loader = () => Promise<{ messages: Messages }>;

const loaders: Record<Locale, Record<'messages' | CatalogArea, Loader>> = {
  ru: {
    messages: () => import('../../locales/ru/messages.po'),
    claim: () => import('../../locales/ru/claim.po'),
    info: () => import('../../locales/ru/info.po'),
    auth: () => import('../../locales/ru/auth.po'),
    verification: () => import('../../locales/ru/verification.po'),
    account: () => import('../../locales/ru/account.po'),
  },
  en: {
    messages: () => import('../../locales/en/messages.po'),
    claim: () => import('../../locales/en/claim.po'),
    info: () => import('../../locales/en/info.po'),
    auth: () => import('../../locales/en/auth.po'),
    verification: () => import('../../locales/en/verification.po'),
    account: () => import('../../locales/en/account.po'),
  },
};

const registered = new Set<string>();
/** The areas whose pages were loaded: a change of language brings their catalogs in the new one too. */
const areasInUse = new Set<CatalogArea>();
/** The language of the last loadCatalog: the one an area loaded later is fetched in. */
let currentLocale: Locale | null = null;

async function register(locale: Locale, catalog: 'messages' | CatalogArea): Promise<void> {
  const key = `${locale}:${catalog}`;
  if (registered.has(key)) return;
  const { messages } = await loaders[locale][catalog]();
  // Merged into what the locale already has.
  i18n.load(locale, messages);
  registered.add(key);
}

/**
 * Fetches the locale's shared catalog and those of the areas in use, and registers them with Lingui (without
 * activating the locale), each once: registering re-renders every text.
 */
export async function loadCatalog(locale: Locale): Promise<void> {
  currentLocale = locale;
  await Promise.all([register(locale, 'messages'), ...[...areasInUse].map((area) => register(locale, area))]);
}

/** The catalogs of a page's areas, in the current language (or in the one loadCatalog names next). */
export async function loadAreaCatalogs(areas: readonly CatalogArea[]): Promise<void> {
  areas.forEach((area) => areasInUse.add(area));
  const locale = currentLocale;
  if (locale) await Promise.all(areas.map((area) => register(locale, area)));
}
