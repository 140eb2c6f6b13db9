// The <head> a page arrives with from the server: title, description, canonical address, hreflang alternates
// (ru, en and x-default = the Russian page) and Open Graph tags, so search engines and link previews see the
// page in its language without running any JavaScript.
import { BRAND_NAME } from '../content/brand.ts';
import { localizePath, stripLocale, type Locale } from '../i18n/locales.ts';

export interface DocumentHeadInput {
  /** The site's public address without a trailing slash, e.g. https://exchanger.example. */
  origin: string;
  /** The requested path, with or without the /en prefix. */
  pathname: string;
  locale: Locale;
  /** The full tab title (brand included). */
  title: string;
  description: string;
  /** The page exists in both languages (news is Russian only). */
  bilingual: boolean;
  /** Error pages are not indexed and have no canonical address. */
  indexable: boolean;
}

const OG_LOCALES: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

/** `<title>Rules — Exchanger</title>`: the tab title of a page. */
export function pageTitle(title: string): string {
  return `${title} — ${BRAND_NAME}`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** '/rules/' → '/rules': one canonical spelling per page. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The head tags as HTML, every value escaped. */
export function documentHead(input: DocumentHeadInput): string {
  const bare = withoutTrailingSlash(stripLocale(input.pathname));
  const address = (locale: Locale) => input.origin + localizePath(bare, locale);
  const tags: string[] = [
    `<title>${escapeHtml(input.title)}</title>`,
    `<meta name="description" content="${escapeHtml(input.description)}" />`,
  ];
  if (!input.indexable) tags.push('<meta name="robots" content="noindex" />');
  else {
    tags.push(`<link rel="canonical" href="${escapeHtml(address(input.locale))}" />`);
    if (input.bilingual) {
      tags.push(
        `<link rel="alternate" hreflang="ru" href="${escapeHtml(address('ru'))}" />`,
        `<link rel="alternate" hreflang="en" href="${escapeHtml(address('en'))}" />`,
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(address('ru'))}" />`,
      );
    }
  }
  tags.push(
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(BRAND_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(input.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(input.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(address(input.locale))}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[input.locale]}" />`,
  );
  if (input.bilingual) {
    const other: Locale = input.locale === 'en' ? 'ru' : 'en';
    tags.push(`<meta property="og:locale:alternate" content="${OG_LOCALES[other]}" />`);
  }
  return tags.join('\n    ');
}
