// A first visit (no `lang` cookie) to the bare root `/` from a browser that prefers English goes to `/en` (docs/product.md §2/§4),
// answered here as a redirect: the browser then never loads the Russian page and the app only to be sent on by
// src/i18n/firstVisit.ts (which still decides when a page comes without server rendering).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './env.ts';

/** The cookie of an explicit language choice and its values (src/i18n/cookie.ts). */
const LANG_COOKIE = 'lang';
const LOCALES = ['ru', 'en'];

/** The language tags of an Accept-Language header, most preferred first (q=0 means "not acceptable"). */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, q }) => tag !== '' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** True when the first language the header lists that the site has is English. */
export function headerPrefersEnglish(header: string): boolean {
  for (const tag of acceptedLanguages(header)) {
    const primary = tag.split('-')[0];
    if (primary === 'en') return true;
    if (primary === 'ru') return false;
  }
  return false;
}

/** The one address a first visit is redirected from. */
export const FIRST_VISIT_PATH = '/';
/** What the answer at FIRST_VISIT_PATH depends on besides the page's own Vary. */
export const FIRST_VISIT_VARY = 'Accept-Language';

/** Whether this request of FIRST_VISIT_PATH is an English-preferring first visit (no language chosen yet). */
export function goesToEnglish(c: Context): boolean {
  const chosen = LOCALES.includes(getCookie(c, LANG_COOKIE) ?? '');
  return !chosen && headerPrefersEnglish(c.req.header('accept-language') ?? '');
}

/** For `GET /`: the redirect of an English-preferring first visit; the page itself otherwise. */
export const firstVisitRedirect: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (goesToEnglish(c)) {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Language, Cookie');
    return c.redirect(`/en${new URL(c.req.url).search}`, 302);
  }
  await next();
  // The answer depends on the visitor's languages: a shared cache must not hand it to an English first visit.
  c.res.headers.append('Vary', FIRST_VISIT_VARY);
};
