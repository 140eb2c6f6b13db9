// The console's language comes from its path: /ops/... is Russian, /ops/en/... English; the API follows it.
import { i18n, type Messages } from '@lingui/core';

export type OpsLocale = 'ru' | 'en';

export function opsLocaleOf(pathname: string): OpsLocale {
  return pathname === '/ops/en' || pathname.startsWith('/ops/en/') ? 'en' : 'ru';
}

/** The router's base for a language. */
export function opsBase(locale: OpsLocale): string {
  return locale === 'en' ? '/ops/en' : '/ops';
}

/** The same screen in the other language. */
export function otherLanguagePath(pathname: string, locale: OpsLocale): string {
  const rest = pathname.replace(/^\/ops(\/en)?/, '');
  return `${opsBase(locale === 'en' ? 'ru' : 'en')}${rest || '/'}`;
}

const catalogs: Record<OpsLocale, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/ops.po'),
  en: () => import('../../locales/en/ops.po'),
};

export async function activateOpsLocale(locale: OpsLocale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
