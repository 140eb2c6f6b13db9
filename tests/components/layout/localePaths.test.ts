import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale } from '../../../src/i18n/locales.ts';
import { firstVisitRedirect, prefersEnglish } from '../../../src/i18n/firstVisit.ts';
import { langCookieValue, readLangCookie } from '../../../src/i18n/cookie.ts';
import { isShownInLocale } from '../../../src/i18n/englishPages.ts';

describe('locale paths', () => {
  it('reads the language from the prefix', () => {
    expect(localeFromPath('/')).toBe('ru');
    expect(localeFromPath('/rules')).toBe('ru');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/rules')).toBe('en');
    expect(localeFromPath('/english')).toBe('ru');
  });

  it('strips and puts back the prefix, keeping query and hash', () => {
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/en/claim/1')).toBe('/claim/1');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?cur_from=BTC', 'en')).toBe('/en?cur_from=BTC');
    expect(localizePath('/rules#p2', 'en')).toBe('/en/rules#p2');
    expect(localizePath('/en/rules', 'ru')).toBe('/rules');
    expect(localizePath('/en/rules', 'en')).toBe('/en/rules');
    expect(localizePath('https://t.me/x', 'en')).toBe('https://t.me/x');
  });
});

describe('first visit', () => {
  const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });

  it('prefers English when the first known language listed is English', () => {
    expect(prefersEnglish(['en-US', 'ru'])).toBe(true);
    expect(prefersEnglish(['de-DE', 'en'])).toBe(true);
    expect(prefersEnglish(['ru-RU', 'en-US'])).toBe(false);
    expect(prefersEnglish(['de'])).toBe(false);
  });

  it('sends an English browser without the cookie from the bare root to /en', () => {
    expect(firstVisitRedirect(at('/', '?cur_from=1'), false, ['en-GB'])).toBe('/en?cur_from=1');
    expect(firstVisitRedirect(at('/'), false, ['en'])).toBe('/en');
  });

  it('keeps an explicit Russian link in Russian for an English browser', () => {
    for (const path of ['/rules', '/news/contest', '/login', '/faq']) {
      expect(firstVisitRedirect(at(path), false, ['en-US'])).toBeNull();
    }
  });

  it('does not redirect with the cookie, on English pages or for other browsers', () => {
    expect(firstVisitRedirect(at('/faq'), true, ['en'])).toBeNull();
    expect(firstVisitRedirect(at('/en/faq'), false, ['en'])).toBeNull();
    expect(firstVisitRedirect(at('/faq'), false, ['ru'])).toBeNull();
  });
});

describe('lang cookie', () => {
  it('lasts 365 days for the whole site', () => {
    expect(langCookieValue('en')).toBe('lang=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads a valid value only', () => {
    expect(readLangCookie('a=1; lang=en')).toBe('en');
    expect(readLangCookie('lang=de')).toBeNull();
    expect(readLangCookie('')).toBeNull();
  });
});

describe('English allow-list', () => {
  it('hides news and non-listed account pages in English only', () => {
    expect(isShownInLocale('/news', 'en')).toBe(false);
    expect(isShownInLocale('/news', 'ru')).toBe(true);
    expect(isShownInLocale('/account/cards', 'en')).toBe(false);
    expect(isShownInLocale('/account/orders', 'en')).toBe(true);
    expect(isShownInLocale('/claim/3f0c', 'en')).toBe(true);
    expect(isShownInLocale('/rules?x=1', 'en')).toBe(true);
  });
});
