// Answers every page address with finished HTML in its language: the built index.html with the page's <html lang>,
// head (title, description, canonical, hreflang, Open Graph) and server-rendered body, produced by the app's own
// rendering entry (DIST_DIR/.ssr/entry-server.js). Unknown pages and unknown claims answer 404 with the error
// page; account pages answer a redirect to sign-in when no session cookie came, guest pages (sign-in, sign-up,
// recovery) a redirect to the account when one came. Rendered pages are kept in
// memory (compressed once) and rendered again in the background when the catalogue they show changes; a kept page
// is answered before the app's other layers (`answerKept`), with the headers they would have added. Every page
// carries a weak ETag, and a revalidation that names it is answered 304. One entry per
// page, language, visitor kind and deep link (a catalogue currency's `cur_from`/`cur_to`): any other query parameter
// renders the same page, so a query string cannot fill the cache. What names something of its own is rendered per
// request and kept by no cache: a claim page (live data, stored by no cache at all), addresses with a parameter
// (a news item, an activation or verification link), a referral or recovery link, a deep link to an unknown
// currency, an address spelled otherwise than the route table (case, trailing slash) and unknown addresses.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import { CATALOG_TTL_MS, catalogGeneration, getCatalog, type Catalog } from '../catalogue/catalog.ts';
import { findClaim } from '../claims/service.ts';
import { publicSettings } from '../catalogue/publicSettings.ts';
import type { AppEnv } from './env.ts';
import { pageCacheEntries } from '../health/metrics.ts';
import { log } from '../log.ts';
import type { PageInfo, RenderingBuild } from './renderingBuild.ts';
import type { PageChunks } from './pageChunks.ts';
import { isApiPath } from './static.ts';
import { preferredEncoding, type Encoding } from './compress.ts';
import { elapsedMs, logAccess, requestIdOf } from './requestLog.ts';
import { countAnswer } from '../health/httpMetrics.ts';
import { sitePageSecurityHeaders } from './security.ts';
import { FIRST_VISIT_PATH, FIRST_VISIT_VARY, goesToEnglish } from './firstVisit.ts';

interface RenderedResponse {
  status: 200 | 302 | 404;
  location?: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Weak (one tag for every encoding of the same HTML), so that a revalidation answers 304. */
  etag: string | null;
  /** The page's language (its <html lang>), sent as Content-Language. */
  lang: string | null;
}

/** One encoding of a rendered page: its bytes and headers (those this module sets). */
interface Representation {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A kept page's answers as they leave the server, every header but the request id included, per encoding. */
type KeptAnswers = Record<Encoding | 'identity', Representation>;

/**
 * Brotli 10: a page is compressed once per rendering and sent with every answer. On the home (93 kB of HTML) it gives
 * 15.8 kB against quality 9's 16.8 kB and gzip's 18.5 kB, in about a third of quality 9's time (~80 against ~240 ms;
 * 11 saves 2 % more for twice 10's time).
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } };

interface CachedPage {
  /** The catalogue it was rendered from. */
  catalog: Catalog;
  page: Promise<RenderedResponse>;
  /** The finished rendering, once there is one. */
  ready: RenderedResponse | null;
  /** A rendering from a newer catalogue is under way. */
  refreshing: boolean;
  /** When the catalogue was last compared with the one it was rendered from. */
  checkedAt: number;
  /** When it was rendered. */
  renderedAt: number;
  /** Built by the first answer before the middlewares (`answerKept`). */
  answers?: KeptAnswers;
}

/**
 * The catalogue reloads every second whether or not anything changed. A page is rendered again when any operator
 * change reached this instance (a write here or a catalogue notice: the catalogue's generation), when what moves
 * the course, the reserves or maintenance changed (its changedAt), and at least this often anyway.
 */
const RERENDER_AT_LEAST_MS = 10_000;

function isStale(cached: CachedPage, catalog: Catalog): boolean {
  return (
    catalog.generation !== cached.catalog.generation ||
    catalog.changedAt.getTime() !== cached.catalog.changedAt.getTime() ||
    Date.now() - cached.renderedAt >= RERENDER_AT_LEAST_MS
  );
}

/** A bound on the kept pages (pages × languages × visitor kinds × currency pairs of deep links stay under it). */
const MAX_CACHED_PAGES = 1000;
/** The marker cookie the server sets beside the HttpOnly refresh cookie (see src/api/sessionCookie.ts). */
const SESSION_MARKER_COOKIE = 'logged_in';
const CLAIM_ROUTE = '/claim/:uuid';

/** `</script>` inside JSON would end the script element early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The route pattern the request log and metrics name for an answer of the `app.get('*', ...)` page handler. */
const PAGE_ROUTE = '/*';

function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

/** Whether an If-None-Match header names this (weak) tag, or any. */
function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((given) => {
    const tag = given.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** A 304's headers: the 200's, without what describes the body it does not carry. */
function notModifiedHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'Content-Length': _length, 'Content-Encoding': _encoding, ...kept } = headers;
  return kept;
}

/** A rendered page in one encoding (the plain HTML when the client takes neither). */
function representation(page: RenderedResponse, encoding: Encoding | null, cacheControl: string): Representation {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding, Cookie',
  };
  if (page.etag !== null) headers.ETag = page.etag;
  if (page.lang !== null) headers['Content-Language'] = page.lang;
  const compressed = encoding === null ? null : page[encoding];
  if (encoding !== null && compressed !== null) headers['Content-Encoding'] = encoding;
  const body = compressed ?? page.body;
  headers['Content-Length'] = String(body.length);
  return { body: bytesOf(body), headers };
}

/** Puts a rendered page into the built index.html. */
export function fillTemplate(
  template: string,
  page: { lang: string; head: string; html: string; initialPage: unknown; appStart?: string },
  chunks: PageChunks,
): string {
  const start = page.appStart === undefined || page.appStart === 'paint' ? '' : ` data-start="${page.appStart}"`;
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
    .replace(/ data-preloads="([^"]*)"/, (_, listed: string) => ` data-preloads="${[listed, ...chunks.modulePreloads].join(' ').trim()}"${start}`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${page.head}${chunks.stylesheetTags}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script id="initial-page" type="application/json">${scriptSafeJson(page.initialPage)}</script>`,
    );
}

/** A GET of the server's own API, in-process: the JSON of a 200 answer, else null. */
export type ApiReader = (path: string) => Promise<unknown>;

export interface Pages {
  /** Renders (or answers from the cache) every page address the routes before it left. */
  render: MiddlewareHandler<AppEnv>;
  /**
   * Answers a kept page before every other layer, which have nothing to do for it: the same bytes and headers as
   * `render` and the layers around it give (security headers, Vary, the request id, the access line and the request
   * metrics), built once per rendering. Anything else goes on to the app: API paths, files, pages not kept or due for
   * a catalogue check, redirects, an English first visit of `/`, a request with credentials.
   */
  answerKept: MiddlewareHandler<AppEnv>;
}

export function pages(config: Config, currentBuild: () => Promise<RenderingBuild | null>, readApi: ApiReader): Pages {
  const origin = config.publicUrl.replace(/\/+$/, '');
  // Pages carry the catalogue's public settings and the home its directions and reserves. After an operator change
  // (written here or heard through LISTEN/NOTIFY) the next view waits for a rendering that shows it; a catalogue
  // merely reloaded after its second renders the page again in the background while the previous rendering answers.
  const rendered = new Map<string, CachedPage>();
  /** The currency codes of the newest catalogue seen here: a deep link to any other is rendered for its request. */
  let knownCodes = new Set<string>();
  /** The build the last page was rendered with (null before the first). */
  let latestBuild: RenderingBuild | null = null;
  const securityHeaders = sitePageSecurityHeaders(config);

  /**
   * The address every visitor of this kind is shown alike (the canonical path and the page parameters that
   * change it), or null when the request names something of its own and is rendered for itself.
   */
  function sharedAddress(info: PageInfo, pathname: string): string | null {
    if (info.canonicalPath !== pathname) return null;
    const { cur_from: curFrom, cur_to: curTo, ref, token } = info.query;
    if (ref !== undefined || token !== undefined) return null;
    if ([curFrom, curTo].some((code) => code !== undefined && !knownCodes.has(code))) return null;
    const deepLink = new URLSearchParams();
    if (curFrom !== undefined) deepLink.set('cur_from', curFrom);
    if (curTo !== undefined) deepLink.set('cur_to', curTo);
    const query = deepLink.toString();
    return query ? `${pathname}?${query}` : pathname;
  }

  function keep(key: string, page: CachedPage): void {
    rendered.set(key, page);
    pageCacheEntries.set(rendered.size);
  }

  function forget(key: string): void {
    rendered.delete(key);
    pageCacheEntries.set(rendered.size);
  }

  /** Keeps a rendering under `key` once it is done (a failed one is forgotten, so the next request tries again). */
  function remember(key: string, catalog: Catalog, page: Promise<RenderedResponse>): Promise<RenderedResponse> {
    const first = !rendered.has(key);
    if (first) {
      if (rendered.size >= MAX_CACHED_PAGES) forget(rendered.keys().next().value!);
      keep(key, { catalog, page, ready: null, refreshing: false, checkedAt: Date.now(), renderedAt: Date.now() });
    }
    return page.then(
      (ready) => {
        keep(key, { catalog, page, ready, refreshing: false, checkedAt: Date.now(), renderedAt: Date.now() });
        return ready;
      },
      (error: unknown) => {
        if (first && rendered.get(key)?.page === page) forget(key);
        throw error;
      },
    );
  }

  async function renderResponse(
    loaded: RenderingBuild,
    c: Context<AppEnv>,
    catalog: Catalog,
    url: string,
    hasSessionCookie: boolean,
    notFound: boolean,
    previous: RenderedResponse | null = null,
  ): Promise<RenderedResponse> {
    const settings = publicSettings(catalog, config, c.get('locale'));
    const page = await loaded.entry.renderPage({ url, origin, hasSessionCookie, notFound, settings, readApi });
    if (page.status === 302)
      return { status: 302, location: page.location, body: Buffer.alloc(0), br: null, gzip: null, etag: null, lang: null } as const;
    const body = Buffer.from(fillTemplate(loaded.template, page, loaded.chunksOf(page.preloadSources)), 'utf8');
    // Rendered again with nothing changed (the periodic rendering): the same bytes, compressed already, same tag.
    if (previous?.status === page.status && previous.body.equals(body)) return previous;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    const [br, gzip] = [brotliCompressSync(body, BROTLI_OPTIONS), gzipSync(body)];
    return { status: page.status, body, br, gzip, etag, lang: page.lang };
  }

  function respond(c: Context<AppEnv>, page: RenderedResponse, cacheControl = 'no-cache'): Response {
    if (page.status === 302) return c.redirect(page.location!, 302);
    const { body, headers } = representation(page, preferredEncoding(c.req.header('accept-encoding')), cacheControl);
    if (page.etag !== null && matchesTag(c.req.header('if-none-match'), page.etag))
      return c.body(null, 304, notModifiedHeaders(headers));
    if (c.req.method === 'HEAD') return c.body(null, page.status, headers);
    return c.body(body, page.status, headers);
  }

  /** Whether a kept page may answer as it is: within the catalogue's own lifetime, and no operator change since. */
  function isFresh(cached: CachedPage): cached is CachedPage & { ready: RenderedResponse } {
    return (
      cached.ready !== null &&
      Date.now() - cached.checkedAt < CATALOG_TTL_MS &&
      cached.catalog.generation === catalogGeneration()
    );
  }

  function hasSessionCookieIn(c: Context<AppEnv>): boolean {
    return getCookie(c, SESSION_MARKER_COOKIE) !== undefined;
  }

  function cacheKey(hasSessionCookie: boolean, address: string): string {
    return `${hasSessionCookie ? 'session' : 'visitor'} ${address}`;
  }

  /** The headers the layers around `render` add to a page (firstVisit.ts, security.ts), beside its own. */
  function keptAnswers(page: RenderedResponse, pathname: string): KeptAnswers {
    const answer = (encoding: Encoding | null): Representation => {
      const { body, headers } = representation(page, encoding, 'no-cache');
      if (pathname === FIRST_VISIT_PATH) headers.Vary = `${headers.Vary}, ${FIRST_VISIT_VARY}`;
      return { body, headers: { ...headers, ...securityHeaders } };
    };
    return { br: answer('br'), gzip: answer('gzip'), identity: answer(null) };
  }

  const answerKept: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || rendered.size === 0) return next();
    // With credentials the private-answer layer (noStore.ts) has its say.
    if (c.req.header('authorization') !== undefined) return next();
    const started = performance.now();
    const pathname = c.req.path;
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const hasSessionCookie = hasSessionCookieIn(c);
    // Without a query the address is its own key: a page is kept under its path only when that is its canonical one.
    let key: string | null = cacheKey(hasSessionCookie, pathname);
    if (queryAt !== -1) {
      const shared = latestBuild && sharedAddress(latestBuild.entry.describePage(pathname, url.slice(queryAt)), pathname);
      key = shared ? cacheKey(hasSessionCookie, shared) : null;
    }
    const cached = key === null ? undefined : rendered.get(key);
    if (!cached || !isFresh(cached) || cached.ready.status !== 200) return next();
    if (pathname === FIRST_VISIT_PATH && goesToEnglish(c)) return next();
    const answers = (cached.answers ??= keptAnswers(cached.ready, pathname));
    const { body, headers } = answers[preferredEncoding(c.req.header('accept-encoding')) ?? 'identity'];
    const requestId = requestIdOf(c);
    const notModified = matchesTag(c.req.header('if-none-match'), cached.ready.etag!);
    const status = notModified ? 304 : 200;
    const answer = new Response(notModified || method === 'HEAD' ? null : body, {
      status,
      headers: { ...(notModified ? notModifiedHeaders(headers) : headers), 'X-Request-Id': requestId },
    });
    logAccess(pathname, { requestId, method, route: PAGE_ROUTE, status, ms: elapsedMs(started) });
    countAnswer(method, PAGE_ROUTE, status, (performance.now() - started) / 1000);
    return answer;
  };

  const render: MiddlewareHandler<AppEnv> = async (c, next) => {
    const pathname = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(pathname)) return next();
    // Files (a name with an extension) are the static handler's.
    if (path.posix.extname(pathname) !== '') return next();
    const loaded = await currentBuild();
    if (!loaded) return next();
    latestBuild = loaded;

    const search = new URL(c.req.url).search;
    const hasSessionCookie = hasSessionCookieIn(c);
    const info = loaded.entry.describePage(pathname, search);
    const shared = sharedAddress(info, pathname);
    const url = shared ?? pathname + search;
    const key = cacheKey(hasSessionCookie, url);
    // A kept page answers as it is within the catalogue's own lifetime, without asking for the catalogue.
    const cached = shared === null ? undefined : rendered.get(key);
    if (cached && isFresh(cached)) return respond(c, cached.ready);
    try {
      const catalog = await getCatalog(c.get('db'));
      knownCodes = new Set(catalog.currencyByCode.keys());
      if (info.route === CLAIM_ROUTE) {
        const claim = await findClaim(c.get('db'), info.params.uuid ?? '');
        // It shows the claim (its public view): kept by no cache, like the claim API's answers.
        return respond(c, await renderResponse(loaded, c, catalog, url, hasSessionCookie, claim === null), 'no-store');
      }
      if (shared === null) return respond(c, await renderResponse(loaded, c, catalog, url, hasSessionCookie, false));
      if (cached?.ready && cached.catalog.generation !== catalog.generation) {
        // An operator changed something since: this view already shows it (it waits for the new rendering).
        const again = renderResponse(loaded, c, catalog, url, hasSessionCookie, false, cached.ready);
        return respond(c, await remember(key, catalog, again));
      }
      if (cached?.ready) {
        cached.checkedAt = Date.now();
        if (cached.catalog !== catalog && !cached.refreshing && !isStale(cached, catalog)) cached.catalog = catalog;
        if (cached.catalog !== catalog && !cached.refreshing) {
          cached.refreshing = true;
          const again = renderResponse(loaded, c, catalog, url, hasSessionCookie, false, cached.ready);
          remember(key, catalog, again).catch((error: unknown) => {
            cached.refreshing = false;
            log.error(`rendering ${url} again failed; the previous rendering still answers`, error);
          });
        }
        return respond(c, cached.ready);
      }
      // The first rendering of a page: everyone who asks meanwhile waits for the same one.
      const page = cached?.page ?? remember(key, catalog, renderResponse(loaded, c, catalog, url, hasSessionCookie, false));
      return respond(c, await page);
    } catch (error) {
      // The browser app still renders the page by itself from the plain index.html.
      log.error(`rendering ${url} failed`, error);
      return next();
    }
  };

  return { render, answerKept };
}
