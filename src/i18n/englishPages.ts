// The English interface shows links only to pages on this list (docs/product.md §2); everything else (news, some account
// pages) exists in Russian only. Every link list of the shell goes through `isShownInLocale`.
import type { Locale } from './locales.ts';

const ENGLISH_PAGES = new Set([
  '/',
  '/rules',
  '/partners',
  '/aml',
  '/faq',
  '/contacts',
  '/concurs',
  '/partners/users',
  '/partners/monitoring',
  '/account/orders',
  '/account/referrer',
  '/account/settings',
  '/account/adv',
  '/account',
  '/claim',
  '/forget',
  '/login',
  '/register',
  '/sales',
  '/status',
]);

export function isShownInLocale(path: string, locale: Locale): boolean {
  if (locale === 'ru') return true;
  const pathname = path.split(/[?#]/)[0] ?? path;
  // Claim pages carry an id (/claim/{uuid}, /claim/success): the '/claim' entry covers them.
  return ENGLISH_PAGES.has(pathname) || pathname.startsWith('/claim/');
}

export function shownInLocale<T extends { path: string }>(items: readonly T[], locale: Locale): T[] {
  return items.filter((item) => isShownInLocale(item.path, locale));
}
