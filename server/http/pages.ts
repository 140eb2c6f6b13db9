// Answers every page address with finished HTML in its language: the built index.html with the page's <html lang>,
// head (title, description, canonical, hreflang, Open Graph) and server-rendered body, produced by the app's own
// rendering entry (DIST_DIR/.ssr/entry-server.js). Unknown pages and unknown claims answer 404 with the error
// page; account pages answer a redirect to sign-in when no session cookie came. Rendered pages are kept in
// memory (gzipped once) while the catalogue they show is current; a claim page renders per request, since the claim is live data.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import { getCatalog, type Catalog } from '../services/catalog.ts';
import { findClaim } from '../services/claims.ts';
import { publicSettings } from '../services/publicSettings.ts';
import type { AppEnv } from './env.ts';
import { log } from './log.ts';
import type { RenderingBuild } from './renderingBuild.ts';
import { isApiPath } from './static.ts';

interface RenderedResponse {
  status: 200 | 302 | 404;
  location?: string;
  body: Buffer;
  gzip: Buffer | null;
}

/** How many rendered addresses one process keeps (query strings make the set of addresses open-ended). */
const MAX_CACHED_PAGES = 500;
/** The marker cookie the server sets beside the HttpOnly refresh cookie (see src/api/sessionCookie.ts). */
const SESSION_MARKER_COOKIE = 'logged_in';
const CLAIM_ROUTE = '/claim/:uuid';

/** `</script>` inside JSON would end the script element early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Puts a rendered page into the built index.html. */
export function fillTemplate(
  template: string,
  page: { lang: string; head: string; html: string; initialPage: unknown },
): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script id="initial-page" type="application/json">${scriptSafeJson(page.initialPage)}</script>`,
    );
}

/** A GET of the server's own API, in-process: the JSON of a 200 answer, else null. */
export type ApiReader = (path: string) => Promise<unknown>;

export function pages(
  config: Config,
  currentBuild: () => Promise<RenderingBuild | null>,
  readApi: ApiReader,
): MiddlewareHandler<AppEnv> {
  const origin = config.publicUrl.replace(/\/+$/, '');
  // Pages carry the catalogue's public settings: a new catalogue (changed anywhere, heard through LISTEN/NOTIFY,
  // or expired) is a new object, and the pages rendered from the old one go with it.
  const renderedByCatalog = new WeakMap<Catalog, Map<string, Promise<RenderedResponse>>>();

  async function renderResponse(
    loaded: RenderingBuild,
    c: Context<AppEnv>,
    catalog: Catalog,
    url: string,
    hasSessionCookie: boolean,
    notFound: boolean,
  ) {
    const settings = publicSettings(catalog, config, c.get('locale'));
    const page = await loaded.entry.renderPage({ url, origin, hasSessionCookie, notFound, settings, readApi });
    if (page.status === 302) return { status: 302, location: page.location, body: Buffer.alloc(0), gzip: null } as const;
    const body = Buffer.from(fillTemplate(loaded.template, page), 'utf8');
    return { status: page.status, body, gzip: gzipSync(body) };
  }

  function respond(c: Context<AppEnv>, page: RenderedResponse): Response {
    if (page.status === 302) return c.redirect(page.location!, 302);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Cookie',
    };
    const gzip = page.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (gzip) headers['Content-Encoding'] = 'gzip';
    const body = gzip ? page.gzip! : page.body;
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, page.status, headers);
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), page.status, headers);
  }

  return async (c, next) => {
    const pathname = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(pathname)) return next();
    // Files (a name with an extension) are the static handler's.
    if (path.posix.extname(pathname) !== '') return next();
    const loaded = await currentBuild();
    if (!loaded) return next();

    const search = new URL(c.req.url).search;
    const url = pathname + search;
    const hasSessionCookie = getCookie(c, SESSION_MARKER_COOKIE) !== undefined;
    const { route, params } = loaded.entry.describePage(pathname);
    try {
      const catalog = await getCatalog(c.get('db'));
      if (route === CLAIM_ROUTE) {
        const claim = await findClaim(c.get('db'), params.uuid ?? '');
        return respond(c, await renderResponse(loaded, c, catalog, url, hasSessionCookie, claim === null));
      }
      let rendered = renderedByCatalog.get(catalog);
      if (!rendered) renderedByCatalog.set(catalog, (rendered = new Map()));
      const key = `${hasSessionCookie ? 'session' : 'visitor'} ${url}`;
      // One rendering per page and catalogue, however many requests ask for it meanwhile.
      let page = rendered.get(key);
      if (!page) {
        page = renderResponse(loaded, c, catalog, url, hasSessionCookie, false);
        if (rendered.size >= MAX_CACHED_PAGES) rendered.delete(rendered.keys().next().value!);
        rendered.set(key, page);
        const pending = page;
        pending.catch(() => rendered.get(key) === pending && rendered.delete(key));
      }
      return respond(c, await page);
    } catch (error) {
      // The browser app still renders the page by itself from the plain index.html.
      log.error(`rendering ${url} failed`, error);
      return next();
    }
  };
}
