// What the shell writes into <head>: the tab title and the hreflang alternates of the current page.
import { useEffect } from 'react';
import { BRAND_NAME } from '../content/brand.ts';
import { localizePath, stripLocale } from '../i18n/locales.ts';

/** Sets the tab title; `exact` skips the brand suffix (the 404 page's title is fixed: docs/product.md §8). */
export function useDocumentTitle(title: string, exact = false): void {
  useEffect(() => {
    document.title = exact ? title : `${title} — ${BRAND_NAME}`;
  }, [title, exact]);
}

/** Keeps <link rel="alternate" hreflang> for ru, en and x-default (the Russian root) in step with the URL. */
export function useAlternateLinks(pathname: string): void {
  useEffect(() => {
    const bare = stripLocale(pathname);
    const origin = window.location.origin;
    const hrefs: Record<string, string> = {
      ru: origin + localizePath(bare, 'ru'),
      en: origin + localizePath(bare, 'en'),
      'x-default': origin + localizePath(bare, 'ru'),
    };
    for (const [hreflang, href] of Object.entries(hrefs)) {
      let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${hreflang}"]`);
      if (!link) {
        link = document.createElement('link');
        link.rel = 'alternate';
        link.hreflang = hreflang;
        document.head.appendChild(link);
      }
      link.href = href;
    }
  }, [pathname]);
}
