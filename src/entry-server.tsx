// Server rendering entry, built by Vite into DIST_DIR/.ssr/ and loaded by server/http/pages.ts: for a URL it
// answers the status, the <head> and the HTML of the page in the URL's language, rendered by the same components
// the browser then hydrates. The server keeps React, Lingui and the route table out of its own code.
import type { ReactNode } from 'react';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { sessionMachine } from '../machines/session.ts';
import { directionsResponse, type Currency, type SettingsResponse } from './api/schemas/calculator.ts';
import { newsListKey, type NewsSource } from './flows/news.tsx';
import { App } from './app/App.tsx';
import { documentHead, pageTitle } from './app/documentHead.ts';
import { calculatorPreload, type ApiReader } from './app/calculatorPreload.ts';
import { claimPreload } from './app/claimPreload.ts';
import { newsItem, newsPage, type NewsItem } from './api/schemas/news.ts';
import { statusResponse, type StatusResponse } from './api/schemas/status.ts';
import { InitialPageContext, type InitialPage } from './flows/initialPage.ts';
import { matchPage, type PageMatch } from './app/matchPage.ts';
import { pageParameters, type PageParameter } from './i18n/pageQuery.ts';
import { PAGE_DESCRIPTIONS, SITE_DESCRIPTION } from './app/pageDescriptions.ts';
import { routes, type AppStart } from './app/routes.ts';
import { SessionProvider } from './flows/session.tsx';
import { SIGN_IN_PAGE, SIGNED_IN_HOME } from './app/guards.tsx';
import { loadCatalog } from './i18n/catalog.ts';
import { localeFromPath, localizePath, type Locale } from './i18n/locales.ts';

export interface RenderRequest {
  /** Path and query, e.g. /en/rules or /?cur_from=BTC. */
  url: string;
  /** The site's public address, for canonical and alternate links. */
  origin: string;
  /** The `logged_in` marker cookie came with the request (the session will be restored in the browser). */
  hasSessionCookie: boolean;
  /** The server knows the page's subject does not exist (e.g. an unknown claim). */
  notFound?: boolean;
  /** The public settings in the URL's language (contest, support e-mail): the page starts from them. */
  settings: SettingsResponse;
  /** Reads the server's own API (the home's exchange form starts from what it answers). */
  readApi?: ApiReader;
}

export type RenderedPage =
  | {
      status: 200 | 404;
      lang: string;
      head: string;
      html: string;
      initialPage: InitialPage;
      preloadSources: string[];
      /** When the browser starts the app (src/app/routes.ts, RouteDef.appStart). */
      appStart: AppStart;
    }
  | { status: 302; location: string };

export interface PageInfo {
  /** The route pattern without the /en prefix, or null for an unknown address. */
  route: string | null;
  params: Record<string, string>;
  locale: Locale;
  /** The address as the route table spells it (e.g. /en/rules for /EN/Rules/), or null for an unknown address. */
  canonicalPath: string | null;
  /** The query parameters the page's rendering reads (src/i18n/pageQuery.ts); every other one changes nothing. */
  query: Partial<Record<PageParameter, string>>;
}

/** Which page an address is; the server loads the page's data by its route before rendering. */
export function describePage(pathname: string, search = ''): PageInfo {
  const match = matchPage(pathname);
  const locale = localeFromPath(pathname);
  return {
    route: match?.route.path ?? null,
    params: match?.params ?? {},
    locale,
    canonicalPath: match && !match.route.path.includes(':') ? localizePath(match.route.path, locale) : null,
    query: pageParameters(search),
  };
}

/** Every public page without parameters, in each language it exists in: the sitemap. */
export function sitemapPaths(): string[] {
  return routes
    .filter((route) => route.access === 'public' && !route.path.includes(':') && !route.path.startsWith('/claim/'))
    .flatMap((route) => (route.russianOnly ? [route.path] : [route.path, localizePath(route.path, 'en')]));
}

async function toHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // Every boundary inline, in order: no completion scripts (the CSP allows no inline script) and nothing to reveal later.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      // The page still renders: the failing part shows its error boundary, the browser retries it.
      console.error('server rendering failed in part', error);
    },
  });
  let html = '';
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            html += chunk.toString('utf8');
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return html;
}

const NEWS_ITEM_ROUTE = '/news/:slug';
const CLAIM_ROUTE = '/claim/:uuid';
const STATUS_ROUTE = '/status';
const MONITORING_ROUTE = '/partners/monitoring';

/**
 * The modules (by their build manifest names) the browser loads before it hydrates, as src/main.tsx does:
 * the language's catalog, the header's contest banner, and the page's module (the home's exchange form is not among
 * them: it loads when the visitor reaches for it, src/components/InteractionIsland.tsx).
 */
function modulesBeforeHydration(locale: Locale, route: PageMatch['route'] | null): string[] {
  const shell = [`locales/${locale}/messages.po`, 'src/components/layout/ContestBanner.tsx'];
  if (!route) return shell;
  const catalogs = (route.catalogs ?? []).map((area) => `locales/${locale}/${area}.po`);
  return [...shell, ...catalogs, route.source];
}

/** Lingui's active language is process-wide: pages render one after another, each in its own language. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The news item a news address shows, as the news API answers it; null when it does not know the slug (or does
 * not publish the item yet): the error page, 404. Undefined for any other page.
 */
async function newsItemOf(request: RenderRequest, match: PageMatch | null): Promise<NewsItem | null | undefined> {
  if (match?.route.path !== NEWS_ITEM_ROUTE || !request.readApi) return undefined;
  const answer = newsItem.safeParse(await request.readApi(`/api/v1/news/${encodeURIComponent(match.params.slug ?? '')}/`));
  return answer.success ? answer.data : null;
}

/** The status page's directions in the page's language; null when the API did not answer (the page loads them). */
async function statusOf(request: RenderRequest, match: PageMatch | null, locale: Locale): Promise<StatusResponse | null> {
  if (match?.route.path !== STATUS_ROUTE || !request.readApi) return null;
  const answer = statusResponse.safeParse(await request.readApi(localizePath('/api/v1/status/', locale)));
  return answer.success ? answer.data : null;
}

/**
 * The lists each news page shows, with the API address of their first page: as many items as the page asks for
 * (src/pages/news), so its lists start from them (a list of another size would load in the browser; the server
 * test of the news pages would see it).
 */
const NEWS_LISTS: Record<string, { source: NewsSource; size: number; path: string }[]> = {
  '/news': [
    { source: 'news', size: 5, path: '/api/v1/news/?kind=news&page=1&size=5' },
    { source: 'update', size: 5, path: '/api/v1/news/?kind=update&page=1&size=5' },
  ],
  '/news/archive/news': [{ source: 'archive-news', size: 20, path: '/api/v1/news/archive/news/?page=1&size=20' }],
  '/news/archive/updates': [{ source: 'archive-update', size: 20, path: '/api/v1/news/archive/updates/?page=1&size=20' }],
};

/** The first page of each list of a news page; null elsewhere, or when the API did not answer (the page loads them). */
async function newsListsOf(request: RenderRequest, match: PageMatch | null): Promise<InitialPage['newsLists']> {
  const lists = match ? NEWS_LISTS[match.route.path] : undefined;
  const read = request.readApi;
  if (!lists || !read) return null;
  const pages = await Promise.all(lists.map(async ({ path }) => newsPage.safeParse(await read(path))));
  const entries = lists.map(({ source, size }, index) => {
    const answer = pages[index]!;
    return answer.success ? [[newsListKey(source, size), answer.data] as const] : [];
  });
  return Object.fromEntries(entries.flat());
}

/** The rate monitors' table of currency codes in the page's language; null elsewhere or when the API did not answer. */
async function currenciesOf(request: RenderRequest, match: PageMatch | null, locale: Locale): Promise<Currency[] | null> {
  if (match?.route.path !== MONITORING_ROUTE || !request.readApi) return null;
  const answer = directionsResponse.safeParse(await request.readApi(localizePath('/api/v1/calculator/', locale)));
  return answer.success ? answer.data.currencies : null;
}

/**
 * Answers the redirects a page's rule decides, reads what the page starts from, then renders it. The reads need
 * no language, so they run side by side for concurrent requests; only the rendering waits its turn.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { pathname, search } = new URL(request.url, 'http://server');
  const match = matchPage(pathname);
  const locale = localeFromPath(pathname);
  if (match?.route.russianOnly && locale === 'en') return { status: 302, location: '/en' };
  if (match?.route.access === 'auth' && !request.hasSessionCookie) {
    return { status: 302, location: localizePath(SIGN_IN_PAGE, locale) };
  }
  // With a stale marker the browser's refresh fails, which clears it; the account page then sends the visitor back.
  if (match?.route.access === 'guest' && request.hasSessionCookie) {
    return { status: 302, location: localizePath(SIGNED_IN_HOME, locale) };
  }
  const news = await newsItemOf(request, match);
  const notFound = !match || request.notFound === true || news === null;
  const calculator =
    match?.route.path === '/' && !notFound && request.readApi ? await calculatorPreload(request.readApi, locale, search) : null;
  // The public view only: a signed-in owner's browser loads the full one with its token.
  const claim =
    match?.route.path === CLAIM_ROUTE && !notFound && !request.hasSessionCookie && request.readApi
      ? await claimPreload(request.readApi, locale, match.params.uuid ?? '')
      : null;
  const initialPage: InitialPage = {
    pathname,
    search: search.replace(/^\?/, ''),
    notFound,
    origin: request.origin,
    settings: request.settings,
    calculator,
    claim,
    newsItem: news ?? null,
    status: await statusOf(request, match, locale),
    newsLists: notFound ? null : await newsListsOf(request, match),
    currencies: notFound ? null : await currenciesOf(request, match, locale),
  };
  return oneAtATime(() => render(request, notFound ? null : match, initialPage));
}

async function render(request: RenderRequest, match: PageMatch | null, initialPage: InitialPage): Promise<RenderedPage> {
  const { pathname, search } = initialPage;
  const locale = localeFromPath(pathname);
  await loadCatalog(locale);
  i18n.activate(locale);
  // Never started: it only tells the shell whether a session may be restored, as the browser's will at first.
  const session = createActor(sessionMachine, { input: { hasSessionCookie: request.hasSessionCookie } });
  const html = await toHtml(
    <Router ssrPath={pathname} ssrSearch={search}>
      <InitialPageContext.Provider value={initialPage}>
        <SessionProvider actor={session}>
          <App />
        </SessionProvider>
      </InitialPageContext.Provider>
    </Router>,
  );

  // A news item's tab title is its own, as the browser sets it (src/pages/news/NewsItemPage.tsx).
  const pageName = initialPage.newsItem?.title ?? (match ? i18n._(match.route.title) : null);
  const title = pageName !== null ? pageTitle(pageName) : i18n._(msg`404 page not found`);
  const description = i18n._((match && PAGE_DESCRIPTIONS[match.route.path]) ?? SITE_DESCRIPTION);
  const head = documentHead({
    origin: request.origin,
    pathname,
    locale,
    title,
    description,
    bilingual: !match?.route.russianOnly,
    indexable: match !== null,
  });
  const preloadSources = modulesBeforeHydration(locale, match?.route ?? null);
  // A signed-in visitor's header and pages wait for the session the app restores.
  const appStart = request.hasSessionCookie ? 'paint' : (match?.route.appStart ?? 'paint');
  return { status: match ? 200 : 404, lang: locale, head, html, initialPage, preloadSources, appStart };
}
