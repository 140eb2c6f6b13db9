// Server texts are written in both languages at the place they are used: tr(locale, {ru, en}). Routes, services,
// mails and the operator CLI all speak the caller's language, so this sits below every layer.

import type { Locale } from '../../src/domain/locale.ts';

/** The caller's language: Russian at the root, English under /en (and the operator's choice in the console). */
export type { Locale };

export interface Texts {
  ru: string;
  en: string;
}

export function tr(locale: Locale, texts: Texts): string {
  return texts[locale];
}

/** Picks the column of a bilingual row: name(locale, row.nameRu, row.nameEn). */
export function pick<T>(locale: Locale, ru: T, en: T): T {
  return locale === 'en' ? en : ru;
}

/** Fills {placeholders} of a translated text. */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
