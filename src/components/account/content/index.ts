// The account texts of the active language.
import type { Locale } from '../../../i18n/locales.ts';
import { accountContent as en } from './en.ts';
import { accountContent as ru } from './ru.ts';
import type { AccountContent } from './types.ts';

const byLocale: Record<Locale, AccountContent> = { ru, en };

export function accountContentFor(locale: Locale): AccountContent {
  return byLocale[locale];
}

/** Fills `{name}` placeholders of a content text. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
