// The pages anyone opens without an account or a parameter: every route of src/app/routes.ts that is public or
// for guests and has no `:param`, in the table's order. The journeys cannot load the table itself (its titles are
// Lingui macros, which only Vite and Vitest compile), so the list is written out here and
// tests/server/pages.test.ts holds it equal to the table: a new route fails that test until it is listed here, and
// from then on every check of public pages (server rendering, hydration, axe) visits it.

export interface PublicRoute {
  /** The Russian address; the English one is englishPath(path). */
  path: string;
  /** News exists in Russian only: its English address redirects to the English home. */
  russianOnly: boolean;
}

const both = (path: string): PublicRoute => ({ path, russianOnly: false });
const russianOnly = (path: string): PublicRoute => ({ path, russianOnly: true });

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  both('/'),
  both('/claim/success'),
  both('/claim/fail'),
  both('/rules'),
  both('/aml'),
  both('/faq'),
  both('/sales'),
  both('/concurs'),
  both('/contacts'),
  both('/partners'),
  both('/partners/users'),
  both('/partners/monitoring'),
  both('/status'),
  russianOnly('/news'),
  russianOnly('/news/archive/news'),
  russianOnly('/news/archive/updates'),
  both('/login'),
  both('/register'),
  both('/forget'),
  both('/recover'),
];

/** The same page on the English site: '/' → '/en', '/rules' → '/en/rules'. */
export function englishPath(path: string): string {
  return path === '/' ? '/en' : `/en${path}`;
}

/** The public pages' addresses on one site: all of them in Russian, all but the Russian-only ones in English. */
export function publicPaths(locale: 'ru' | 'en'): string[] {
  if (locale === 'ru') return PUBLIC_ROUTES.map((route) => route.path);
  return PUBLIC_ROUTES.filter((route) => !route.russianOnly).map((route) => englishPath(route.path));
}
