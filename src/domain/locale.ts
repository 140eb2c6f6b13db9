// The two languages of the site, the console, the API and the mails: Russian at the root, English under /en.
// Declared here, below everything, so the browser, the machines and the server share one type.
export type Locale = 'ru' | 'en';

/** BCP 47 tags for <html lang>, hreflang and number/date formatting. */
export const LOCALE_TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };
