// Stored bilingual pairs (a currency's name, an operator's maintenance message) are data, not texts: the edge picks
// the reader's column. Texts the server itself says are codes translated from the catalogs (translate.ts).
import type { Locale } from '../../src/domain/locale.ts';

/** Picks the column of a bilingual row: pick(locale, row.nameRu, row.nameEn). */
export function pick<T>(locale: Locale, ru: T, en: T): T {
  return locale === 'en' ? en : ru;
}
