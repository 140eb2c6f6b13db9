// The two languages of the site, the console, the API and the mails: Russian at the root, English under /en.
// Declared here, below everything, so the browser, the machines and the server share one type.
export type Locale = 'ru' | 'en';
