// The edge's half of "texts as codes": the server catalogs are read once at start, compiled by Lingui's own
// message compiler, and every Text is rendered in the reader's language. A code missing from a catalog falls back to
// its English wording, so a stale catalog degrades a sentence, never an answer (check-catalogs gates CI on it).
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatAmount } from '../../src/domain/money.ts';
import { LOCALE_TAGS, type Locale } from '../../src/domain/locale.ts';
import { isText, type Text, type TextValue } from './text.ts';

export type { Locale };

const CATALOG_URL = (locale: Locale) => new URL(`../../locales/${locale}/server.po`, import.meta.url);

async function loadCatalog(locale: Locale): Promise<Messages> {
  const parsed = await formatter().parse(readFileSync(CATALOG_URL(locale), 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: CATALOG_URL(locale).pathname,
  });
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(parsed ?? {})) {
    if (entry.translation) messages[id] = compileMessage(entry.translation);
  }
  return messages;
}

function makeI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, locales: [LOCALE_TAGS[locale]], messages: { [locale]: messages } });
}

const translators: Record<Locale, I18n> = {
  ru: makeI18n('ru', await loadCatalog('ru')),
  en: makeI18n('en', await loadCatalog('en')),
};

function valueIn(locale: Locale, value: TextValue): string | number {
  if (typeof value !== 'object') return value;
  if (isTextList(value)) return value.map((item) => translate(locale, item)).join(', ');
  if (isText(value)) return translate(locale, value);
  if ('amount' in value) return `${formatAmount(value.amount, LOCALE_TAGS[locale], value.decimals)} ${value.unit}`.trim();
  return value[locale];
}

function isTextList(value: TextValue): value is readonly Text[] {
  return Array.isArray(value);
}

/** One Text in the reader's language. */
export function translate(locale: Locale, text: Text): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(text.values ?? {})) values[key] = valueIn(locale, value);
  return translators[locale]._({ id: text.id, message: text.message, values });
}

/** A response or error body with every Text in it (at any depth: field errors nest) translated. */
export function translateBody<T>(locale: Locale, body: T): T {
  if (isText(body)) return translate(locale, body) as T;
  if (Array.isArray(body)) return body.map((item: unknown) => translateBody(locale, item)) as T;
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype) return body;
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    Object.defineProperty(translated, key, {
      value: translateBody(locale, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return translated as T;
}
