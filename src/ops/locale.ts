// The console's language comes from its path: /ops/... is Russian, /ops/en/... English; the API follows it.
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../domain/locale.ts';

/** Kept for src/ops/api.ts until its pending edit lands; new code uses Locale. */
export type OpsLocale = Locale;

export function opsLocaleOf(pathname: string): Locale {
  return pathname === '/ops/en' || pathname.startsWith('/ops/en/') ? 'en' : 'ru';
}

/** The router's base for a language. */
export function opsBase(locale: Locale): string {
  return locale === 'en' ? '/ops/en' : '/ops';
}

/** The same screen in the other language. */
export function otherLanguagePath(pathname: string, locale: Locale): string {
  const rest = pathname.replace(/^\/ops(\/en)?/, '');
  return `${opsBase(locale === 'en' ? 'ru' : 'en')}${rest || '/'}`;
}

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/ops.po'),
  en: () => import('../../locales/en/ops.po'),
};

export async function activateOpsLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
