// Pages as a search engine or a link preview sees them (no JavaScript): each public route in each language
// arrives with its h1, title, <html lang>, description, canonical and hreflang alternates; unknown routes and
// unknown claims answer 404 with the error page; account pages redirect to sign-in; sitemap.xml and robots.txt.
// The app is built once for this file (browser app + server-rendering entry), exactly as `npm run build` does.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { httpRequests, pageCacheEntries } from '../../server/health/metrics.ts';
import { setContestActive } from '../../server/catalogue/operatorChanges.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { routes } from '../../src/app/routes.ts';
import { englishPath, PUBLIC_ROUTES } from '../support/publicRoutes.ts';
import { call, startTestApp, type TestApp, testConfig } from './support/app.ts';
import { validClaim } from './support/claims.ts';

const ORIGIN = 'https://exchanger.example';
const dist = path.resolve('test-data', `pages-dist-${process.pid}`);
let test: TestApp;
let site: ReturnType<typeof createApp>;

beforeAll(async () => {
  mkdirSync(path.dirname(dist), { recursive: true });
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  test = await startTestApp();
  site = createApp({ db: test.database.db, config: testConfig({ DIST_DIR: dist, PUBLIC_URL: ORIGIN }), serveStatic: true });
  // The first page loads the rendering entry (a large module): paid here, not inside the first test's time limit.
  await site.request('/');
}, 300_000);
afterAll(async () => {
  await test?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const reply = await site.request(url, { headers });
  return { status: reply.status, headers: reply.headers, html: await reply.text() };
}

function textOf(html: string, pattern: RegExp): string | null {
  const found = pattern.exec(html);
  return found ? found[1]!.replace(/<[^>]+>/g, '').trim() : null;
}
const h1 = (html: string) => textOf(html, /<h1[^>]*>([\s\S]*?)<\/h1>/);
const title = (html: string) => textOf(html, /<title>([^<]*)<\/title>/);
const link = (html: string, rel: string, hreflang?: string) =>
  textOf(
    html,
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`),
  );

describe('public pages without JavaScript', () => {
  it('are listed for every test of public pages exactly as the route table has them', () => {
    const table = routes
      .filter((route) => route.access !== 'auth' && !route.path.includes(':'))
      .map((route) => ({ path: route.path, russianOnly: route.russianOnly === true }));
    expect(PUBLIC_ROUTES).toEqual(table);
  });

  for (const { path: pathname, russianOnly } of PUBLIC_ROUTES) {
    const english = englishPath(pathname);
    it(`${pathname} in Russian${russianOnly ? '' : ' and English'}`, async () => {
      const ru = await page(pathname);
      expect(ru.status).toBe(200);
      expect(ru.headers.get('content-type')).toMatch(/text\/html/);
      expect(ru.html).toMatch(/<html lang="ru">/);
      expect(h1(ru.html)).toMatch(/[а-яё]/i);
      expect(title(ru.html)).toMatch(/ — Exchanger$/);
      expect(ru.html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(link(ru.html, 'canonical')).toBe(ORIGIN + pathname);
      expect(ru.html).toContain(`<meta property="og:url" content="${ORIGIN + pathname}"`);
      expect(ru.html).toContain('<meta property="og:locale" content="ru_RU"');
      if (russianOnly) {
        expect(link(ru.html, 'alternate', 'en')).toBeNull();
        expect((await page(english)).status).toBe(302);
        return;
      }
      expect(link(ru.html, 'alternate', 'ru')).toBe(ORIGIN + pathname);
      expect(link(ru.html, 'alternate', 'en')).toBe(ORIGIN + english);
      expect(link(ru.html, 'alternate', 'x-default')).toBe(ORIGIN + pathname);

      const en = await page(english);
      expect(en.status).toBe(200);
      expect(en.html).toMatch(/<html lang="en">/);
      expect(h1(en.html)).toMatch(/^[^а-яё]+$/i);
      expect(title(en.html)).not.toBe(title(ru.html));
      expect(link(en.html, 'canonical')).toBe(ORIGIN + english);
      expect(link(en.html, 'alternate', 'x-default')).toBe(ORIGIN + pathname);
      expect(en.html).toContain('<meta property="og:locale" content="en_US"');
    });
  }

  it('titles the page in its language', async () => {
    const rules = (await page('/rules')).html;
    expect(h1(rules)).toBe('Правила обмена');
    expect(title(rules)).toBe('Правила обмена — Exchanger');
    expect(h1((await page('/en/rules')).html)).toBe('Exchange rules');
    expect(title((await page('/en/rules')).html)).toBe('Exchange rules — Exchanger');
    expect(title((await page('/en/rules/')).html)).toBe('Exchange rules — Exchanger');
    expect(link((await page('/en/rules/')).html, 'canonical')).toBe(`${ORIGIN}/en/rules`);
  });

  it('keeps the query out of the canonical address and passes it to the page', async () => {
    const home = await page('/?cur_from=BTC&cur_to=SBERRUB');
    expect(home.status).toBe(200);
    expect(link(home.html, 'canonical')).toBe(`${ORIGIN}/`);
  });

  it('writes the initial page for hydration as inert JSON', async () => {
    const rules = await page('/en/rules');
    const json = /<script id="initial-page" type="application\/json">([^<]*)<\/script>/.exec(rules.html)?.[1];
    const initial = JSON.parse(json!) as { settings: { supportEmail: string } };
    expect(initial).toMatchObject({ pathname: '/en/rules', notFound: false, origin: ORIGIN });
    // The public settings of the page's language travel with it (the browser does not fetch them again).
    const api = await site.request('/en/api/v1/calculator/settings/');
    expect(initial.settings).toEqual(await api.json());
    // Script-looking text in the address cannot close the data element early.
    const odd = await page('/%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(odd.status).toBe(404);
    expect(odd.html).not.toContain('<script>alert(1)');
  });

  it('the home carries what its exchange form starts from, with the pair of a deep link', async () => {
    const home = await page('/en?cur_from=BTC&cur_to=SBERRUB');
    const json = /<script id="initial-page" type="application\/json">([^<]*)<\/script>/.exec(home.html)?.[1];
    const { calculator } = JSON.parse(json!) as {
      calculator: {
        directions: { currencies: { id: number; code: string }[] };
        pair: { from: { currency: { id: number } }; to: { currency: { id: number } } };
        receiveOptions: unknown[];
        reserves: unknown[];
      };
    };
    const api = async (path: string) => (await site.request(`/en/api/v1/calculator/${path}`)).json();
    expect(calculator.directions).toEqual(await api(''));
    expect(calculator.reserves).toEqual(await api('reserves/'));
    const id = (code: string) => calculator.directions.currencies.find((currency) => currency.code === code)!.id;
    expect(calculator.pair.from.currency.id).toBe(id('BTC'));
    expect(calculator.pair.to.currency.id).toBe(id('SBERRUB'));
    expect(calculator.receiveOptions).toEqual(await api(`from/${id('BTC')}/`));
    // The form is rendered with them: the reserves are in the HTML itself.
    expect(home.html.slice(0, home.html.indexOf('id="initial-page"'))).toMatch(/Bitcoin/);
  });

  it('fetches no script before the first paint: the loader adds the entry, its imports and the page\'s chunks after it', async () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const loader = (html: string) =>
      /<script data-entry="([^"]+)" data-preloads="([^"]+)"(?: data-start="([a-z-]+)")?>([\s\S]*?)<\/script>/.exec(html);
    // Every page of the route table is a chunk of its own, under the name the table gives it.
    for (const route of routes) expect(manifest[route.source]?.file, route.path).toMatch(/\.js$/);
    const template = loader(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    expect(template?.[1]).toBe(`/${manifest['index.html']!.file}`);
    const entryImports = template![2]!.split(' ');
    expect(entryImports.length).toBeGreaterThan(0);
    const pageChunks = {
      '/': ['src/pages/home/HomePage.tsx', 'locales/ru/messages.po'],
      '/en/rules': ['src/pages/info/RulesPage.tsx', 'locales/en/messages.po'],
    };
    for (const [address, sources] of Object.entries(pageChunks)) {
      const html = (await page(address)).html;
      const [, entry, preloads, startOn] = loader(html)!;
      expect(entry, address).toBe(template![1]);
      // A text page fetches and runs the app on the first interaction; the home fetches it after the paint and runs
      // it on the first interaction.
      expect(startOn, address).toBe(address === '/en/rules' ? 'interaction' : 'interaction-prefetched');
      const listed = preloads!.split(' ');
      // The entry's imports first, then the page's own chunks, each once.
      expect(listed.slice(0, entryImports.length), address).toEqual(entryImports);
      expect(new Set(listed).size, address).toBe(listed.length);
      for (const source of sources) expect(listed, `${address}: ${source}`).toContain(`/${manifest[source]!.file}`);
      // Nothing is fetched by the HTML itself: no module script, no module preload link.
      expect(html, address).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      expect(html.replace(loader(html)![0], ''), address).not.toContain(manifest['src/components/exchange/ExchangeForm.tsx']!.file);
    }
    // A signed-in visitor's pages start the app after the paint: their header waits for the restored session.
    for (const address of ['/', '/en/rules']) {
      expect(loader((await page(address, { cookie: 'logged_in=1' })).html)![3], address).toBeUndefined();
    }
    // The home's exchange form loads when the visitor reaches for it (src/components/InteractionIsland.tsx).
    for (const address of ['/', '/en/rules']) {
      expect(loader((await page(address)).html)![2], address).not.toContain(manifest['src/components/exchange/ExchangeForm.tsx']!.file);
    }
    // The loader is inline, and the page's policy allows exactly its bytes by their hash.
    const reply = await site.request('/en/rules');
    const loaderSource = loader(await reply.text())![4]!;
    expect(loaderSource).toContain('first-contentful-paint');
    const hash = `'sha256-${createHash('sha256').update(loaderSource).digest('base64')}'`;
    const scriptSources = /script-src ([^;]+)/.exec(reply.headers.get('content-security-policy') ?? '')![1]!.split(' ');
    expect(scriptSources).toContain(hash);
    expect(scriptSources.filter((source) => source.startsWith("'sha256-") || source.includes('unsafe'))).toEqual([hash]);
  });

  it('renders forms inert until the browser hydrates them: fields read-only, submit disabled and busy', async () => {
    for (const url of ['/login', '/en/register', '/forget']) {
      const html = (await page(url)).html;
      const fields = [...html.matchAll(/<input(?![^>]*type="(?:checkbox|hidden)")[^>]*>/g)].map((found) => found[0]);
      expect(fields.length, url).toBeGreaterThan(0);
      for (const field of fields) expect(field, url).toMatch(/\sreadOnly=""/i);
      const submits = [...html.matchAll(/<button[^>]*type="submit"[^>]*>/g)].map((found) => found[0]);
      expect(submits.length, url).toBeGreaterThan(0);
      for (const submit of submits) expect(submit, url).toMatch(/\sdisabled=""[\s\S]*aria-busy="true"|aria-busy="true"[\s\S]*\sdisabled=""/);
    }
  });

  it('sends the rendered page gzipped when asked, and in brotli to a browser that takes it', async () => {
    const reply = await site.request('/rules', { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers.get('content-encoding')).toBe('gzip');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    const browser = await site.request('/rules', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(browser.headers.get('content-encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await browser.arrayBuffer())).toString('utf8');
    expect(h1(html)).toBe('Правила обмена');
  });
});

describe('status', () => {
  it('answers 404 with the error page for unknown routes, in their language, not indexed', async () => {
    const ru = await page('/no-such-page');
    expect(ru.status).toBe(404);
    expect(h1(ru.html)).toBe('404');
    expect(title(ru.html)).toBe('404 страница не найдена');
    expect(ru.html).toContain('<meta name="robots" content="noindex"');
    expect(link(ru.html, 'canonical')).toBeNull();
    const en = await page('/en/no/such/page');
    expect(en.status).toBe(404);
    expect(en.html).toMatch(/<html lang="en">/);
    expect(title(en.html)).toBe('404 page not found');
  });

  it('answers 404 for an unknown claim and 200 with the claim page for a real one', async () => {
    for (const url of ['/claim/0c9a3a36-1111-4111-8111-111111111111', '/en/claim/not-a-uuid']) {
      const reply = await page(url);
      expect(reply.status, url).toBe(404);
      expect(h1(reply.html), url).toBe('404');
    }
    const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB'));
    expect(created.status).toBe(201);
    const uuid = (created.body as { uuid: string }).uuid;
    const claim = await page(`/claim/${uuid}`);
    expect(claim.status).toBe(200);
    expect(title(claim.html)).toBe('Заявка на обмен — Exchanger');
  });

  it('renders a claim page with the claim public view, stored by no cache', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB');
    const created = await call(test, 'POST', '/api/v1/claim/', payload);
    const uuid = (created.body as { uuid: string }).uuid;
    const reply = await site.request(`/en/claim/${uuid}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const html = await reply.text();
    const initial = JSON.parse(/<script id="initial-page" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!) as {
      claim: { form: { uuid: string; owner: boolean; to: { summa: string; requisites: Record<string, string> } }; status: { status: string }; requisite: unknown };
    };
    const form = (await (await site.request(`/en/api/v1/claim/${uuid}/form/`)).json()) as typeof initial.claim.form;
    expect(initial.claim.form).toMatchObject({ uuid, owner: false, to: { summa: form.to.summa, requisites: form.to.requisites } });
    // The public view: the payout card is masked, in the JSON and in the page.
    const card = payload.toRequisites.card!;
    expect(card.replace(/\D/g, '')).toHaveLength(16);
    expect(html).not.toContain(card);
    expect(html).not.toContain(card.replace(/\D/g, ''));
    expect(initial.claim.status.status).toBe('awaiting_payment');
    expect(initial.claim.requisite).toMatchObject({ payTo: expect.any(Array) });
    // The page itself shows the claim, not its loading state: amounts, the countdown, where to pay.
    const body = html.slice(0, html.indexOf('id="initial-page"'));
    expect(body).toContain('data-testid="claim-receive"');
    expect(body).toContain('data-testid="countdown"');
    expect(body).not.toContain('Loading the claim');
    // With a session the owner's browser loads the full view with its token: nothing is rendered for it.
    const signedIn = await site.request(`/en/claim/${uuid}`, { headers: { cookie: 'logged_in=1' } });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(await signedIn.text()).toContain('"claim":null');
  });

  it('renders claim pages asked at the same moment in both languages each in its own language', async () => {
    // Claim pages are read (three API calls each) and rendered on every request, side by side; the rendering
    // itself shares one process-wide active language, so a mix-up would show as a page in the other language.
    const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB'));
    const uuid = (created.body as { uuid: string }).uuid;
    const urls = Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? `/claim/${uuid}` : `/en/claim/${uuid}`));
    const replies = await Promise.all(urls.map((url) => page(url)));
    for (const [index, reply] of replies.entries()) {
      const english = urls[index]!.startsWith('/en/');
      expect(reply.status, urls[index]).toBe(200);
      expect(reply.html, urls[index]).toMatch(english ? /<html lang="en">/ : /<html lang="ru">/);
      expect(title(reply.html), urls[index]).toBe(english ? 'Exchange request — Exchanger' : 'Заявка на обмен — Exchanger');
      expect(reply.html, urls[index]).toContain(`"pathname":"${urls[index]}"`);
    }
  });

  it('answers 404 for a news slug the news API does not know, and 200 for a published item', async () => {
    for (const url of ['/news/no-such-item', '/news/Holiday-Schedule-2', '/news/%D0%BD%D0%B5%D1%82']) {
      const reply = await page(url);
      expect(reply.status, url).toBe(404);
      expect(h1(reply.html), url).toBe('404');
      expect(reply.html, url).toContain('<meta name="robots" content="noindex"');
    }
    const known = await page('/news/holiday-schedule');
    expect(known.status).toBe(200);
    expect(link(known.html, 'canonical')).toBe(`${ORIGIN}/news/holiday-schedule`);
    // The item itself is in the HTML (its title as the h1, its text), and the browser starts from the same item.
    const item = (await (await site.request('/api/v1/news/holiday-schedule/')).json()) as { title: string; body: string[] };
    expect(h1(known.html)).toBe(item.title);
    // Its tab title too: a reader who opens it from the list sees it before the app (if ever) runs.
    expect(title(known.html)).toBe(`${item.title} — Exchanger`);
    expect(known.html).toContain(item.body[0]!.slice(0, 40));
    const json = /<script id="initial-page" type="application\/json">([^<]*)<\/script>/.exec(known.html)?.[1];
    expect((JSON.parse(json!) as { newsItem: unknown }).newsItem).toEqual(item);
    // News exists in Russian only: any English news address goes to the English home, known or not.
    for (const url of ['/en/news/no-such-item', '/en/news/holiday-schedule']) {
      const english = await site.request(url);
      expect(english.status, url).toBe(302);
      expect(english.headers.get('location'), url).toBe('/en');
    }
  });

  it('redirects guest pages to the account when the session cookie came, in the page language', async () => {
    for (const [url, location] of [
      ['/login', '/account/orders'],
      ['/register', '/account/orders'],
      ['/forget', '/account/orders'],
      ['/recover?token=abc', '/account/orders'],
      ['/en/login', '/en/account/orders'],
      ['/en/register/', '/en/account/orders'],
    ] as const) {
      const reply = await site.request(url, { headers: { cookie: 'logged_in=1' } });
      expect(reply.status, url).toBe(302);
      expect(reply.headers.get('location'), url).toBe(location);
    }
    // Without it they are pages; the activation link works for anyone.
    expect((await page('/login')).status).toBe(200);
    expect((await page('/activate/some-token', { cookie: 'logged_in=1' })).status).toBe(200);
  });

  it('redirects account pages to sign-in without a session cookie, and English news to the English home', async () => {
    const account = await site.request('/en/account/orders');
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/en/login');
    expect((await site.request('/account')).headers.get('location')).toBe('/login');
    const withSession = await page('/account/orders', { cookie: 'logged_in=1' });
    expect(withSession.status).toBe(200);
    const news = await site.request('/en/news/archive/news');
    expect(news.status).toBe(302);
    expect(news.headers.get('location')).toBe('/en');
  });

  it('sends a first visit from an English-preferring browser from / to /en, and no one else', async () => {
    for (const [languages, cookie, location] of [
      ['en-US,en;q=0.9', '', '/en'],
      ['ru;q=0.5, en-GB;q=0.8', '', '/en'],
      ['de-DE,en;q=0.7,ru;q=0.6', '', '/en'],
      ['ru-RU,ru;q=0.9,en-US;q=0.8', '', null],
      ['en;q=0, ru', '', null],
      ['de', '', null],
      ['en-US', 'lang=ru', null],
    ] as const) {
      const reply = await site.request('/?give=BTC', { headers: { 'accept-language': languages, cookie } });
      const label = `${languages} ${cookie}`;
      expect(reply.status, label).toBe(location ? 302 : 200);
      expect(reply.headers.get('location'), label).toBe(location && `${location}?give=BTC`);
      expect(reply.headers.get('vary'), label).toMatch(/Accept-Language/);
    }
    // Any other Russian address is an explicit link and stays Russian.
    expect((await page('/rules', { 'accept-language': 'en-US' })).status).toBe(200);
  });

  it('leaves files and the API alone', async () => {
    expect((await site.request('/assets/nothing.js')).status).toBe(404);
    const api = await site.request('/en/api/v1/nothing/');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page in both languages, English news excluded, with alternates', async () => {
    const reply = await site.request('/sitemap.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await reply.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((found) => found[1]!.slice(ORIGIN.length));
    // Forms for guests and the payment result pages are not worth a search engine's visit.
    const unlisted = ['/login', '/register', '/forget', '/recover', '/claim/success', '/claim/fail'];
    for (const { path: pathname, russianOnly } of PUBLIC_ROUTES) {
      if (unlisted.includes(pathname)) {
        expect(locs, pathname).not.toContain(pathname);
        continue;
      }
      expect(locs, pathname).toContain(pathname);
      if (!russianOnly) expect(locs, pathname).toContain(englishPath(pathname));
    }
    expect(locs.filter((loc) => loc.startsWith('/en/news'))).toEqual([]);
    expect(locs.some((loc) => loc.startsWith('/account') || loc.startsWith('/claim') || loc.includes(':'))).toBe(false);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/en/rules"/>`);
  });

  it('robots.txt points to the sitemap by its absolute address', async () => {
    const robots = await (await site.request('/robots.txt')).text();
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('lists rendered on the server', () => {
  /** The HTML before the initial-page data: what a crawler and a phone see at once. */
  const shown = (html: string) => html.slice(0, html.indexOf('id="initial-page"'));
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  for (const [pathname, lists] of [
    ['/news', ['/api/v1/news/?kind=news&page=1&size=5', '/api/v1/news/?kind=update&page=1&size=5']],
    ['/news/archive/news', ['/api/v1/news/archive/news/?page=1&size=20']],
    ['/news/archive/updates', ['/api/v1/news/archive/updates/?page=1&size=20']],
  ] as const) {
    it(`${pathname} arrives with its news titles and no loading placeholder (news are Russian only)`, async () => {
      const html = shown((await page(pathname)).html);
      for (const list of lists) {
        const { results } = (await (await site.request(list)).json()) as { results: { title: string }[] };
        expect(results.length, list).toBeGreaterThan(0);
        for (const { title } of results) expect(html, list).toContain(escaped(title));
      }
      expect(html).not.toContain('Загрузка…');
      expect((await page(`/en${pathname}`)).status).toBe(302);
    });
  }

  it('/partners/monitoring arrives with its table of currency codes in each language', async () => {
    for (const [prefix, loading] of [['', 'Загрузка…'], ['/en', 'Loading…']] as const) {
      const html = shown((await page(`${prefix}/partners/monitoring`)).html);
      const { currencies } = (await (await site.request(`${prefix}/api/v1/calculator/`)).json()) as {
        currencies: { code: string; name: string }[];
      };
      expect(currencies.length).toBeGreaterThan(0);
      for (const { code, name } of currencies) {
        expect(html, prefix).toContain(`>${code}</td>`);
        expect(html, prefix).toContain(`>${escaped(name)}</td>`);
      }
      expect(html, prefix).not.toContain(loading);
    }
  });
});

describe('the page cache', () => {
  const kept = async () => (await pageCacheEntries.get()).values[0]?.value ?? 0;

  it('keeps one entry per page and language whatever else the query holds, and the page is still right', async () => {
    await page('/en/faq');
    const before = await kept();
    for (let n = 0; n < 40; n += 1) {
      const faq = await page(`/en/faq?x=${n}&utm_source=s${n}`);
      expect(faq.status).toBe(200);
      expect(h1(faq.html)).toBe('Frequently asked questions');
      expect(link(faq.html, 'canonical')).toBe(`${ORIGIN}/en/faq`);
      // The language link the server renders carries only the parameters that make a page.
      expect(faq.html).toContain('href="/faq"');
    }
    expect(await kept()).toBe(before);
  });

  it('keys a deep link to catalogue currencies, in one entry whatever the parameters order and company', async () => {
    await page('/en?cur_from=BTC&cur_to=SBERRUB');
    const before = await kept();
    const other = await page('/en?utm=1&cur_to=SBERRUB&x=2&cur_from=BTC');
    expect(other.html).toContain('href="/?cur_from=BTC&amp;cur_to=SBERRUB"');
    const json = /<script id="initial-page" type="application\/json">([^<]*)<\/script>/.exec(other.html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ pathname: '/en', search: 'cur_from=BTC&cur_to=SBERRUB' });
    expect(await kept()).toBe(before);
  });

  it('renders what names something of its own for its request alone, keeping nothing', async () => {
    await page('/en');
    const before = await kept();
    for (let n = 0; n < 3; n += 1) {
      expect((await page(`/en?cur_from=NOPE${n}`)).status).toBe(200);
      const referred = await page(`/en?ref=partner${n}`);
      expect(referred.status).toBe(200);
      expect(referred.html).toContain(`partner${n}`);
      expect((await page(`/en/recover?token=t${n}`)).status).toBe(200);
      expect((await page(`/en/FAQ/?n=${n}`)).status).toBe(200);
      expect((await page(`/no-such-page-${n}`)).status).toBe(404);
    }
    expect(await kept()).toBe(before);
  }, 120_000);

  it('shows an operator change on the next view of a page kept under any query', async () => {
    const contest = 'Review contest: review your exchange and win a prize';
    expect((await page('/en/contacts?from=a')).html).toContain(contest);
    expect(await setContestActive(test.database.db, CLI_ACTOR, false)).toBe(true);
    expect((await page('/en/contacts?from=b')).html).not.toContain(contest);
    await setContestActive(test.database.db, CLI_ACTOR, true);
    expect((await page('/en/contacts?from=c')).html).toContain(contest);
  });
});

describe('operator changes', () => {
  it('reach the next page view: the contest switched off, the next page has no banner', async () => {
    const contest = 'Review contest: review your exchange and win a prize';
    expect((await page('/en/rules')).html).toContain(contest);
    expect((await page('/en/rules')).html).toContain(contest);
    // The console and the CLI switch it through this service, which announces the change.
    expect(await setContestActive(test.database.db, CLI_ACTOR, false)).toBe(true);
    expect((await page('/en/rules')).html).not.toContain(contest);
    await setContestActive(test.database.db, CLI_ACTOR, true);
    expect((await page('/en/rules')).html).toContain(contest);
  });
});

describe('a kept page answered before the layers of the app', () => {
  const BROTLI = 'gzip, deflate, br';
  /** A site with a cache of its own: its first view of a page is rendered and answered through every layer. */
  const freshSite = () =>
    createApp({ db: test.database.db, config: testConfig({ DIST_DIR: dist, PUBLIC_URL: ORIGIN }), serveStatic: true });

  async function answer(app: ReturnType<typeof createApp>, url: string, headers: Record<string, string>) {
    const reply = await app.request(url, { headers: { 'x-request-id': 'same-request-id', ...headers } });
    return { status: reply.status, headers: [...reply.headers], body: Buffer.from(await reply.arrayBuffer()) };
  }

  for (const url of ['/', '/en', '/rules']) {
    it(`${url} carries the very headers and bytes of its rendered answer, in every encoding`, async () => {
      for (const encoding of [BROTLI, 'gzip', 'identity']) {
        const app = freshSite();
        const visitor = { 'accept-encoding': encoding, 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' };
        const rendered = await answer(app, url, visitor);
        expect(rendered.status).toBe(200);
        expect(rendered.headers).toContainEqual(['content-security-policy', expect.stringContaining("default-src 'self'")]);
        expect(rendered.headers).toContainEqual(['strict-transport-security', expect.any(String)]);
        expect(rendered.headers).toContainEqual(['x-request-id', 'same-request-id']);
        expect(rendered.headers).toContainEqual(['etag', expect.stringMatching(/^W\/"[\w-]+"$/)]);
        expect(rendered.headers).toContainEqual(['content-language', url.startsWith('/en') ? 'en' : 'ru']);
        expect(await answer(app, url, visitor), encoding).toEqual(rendered);
        const head = await app.request(url, { method: 'HEAD', headers: { 'x-request-id': 'same-request-id', ...visitor } });
        expect([...head.headers]).toEqual(rendered.headers);
        expect((await head.arrayBuffer()).byteLength).toBe(0);
      }
    });
  }

  it('keeps the first visit rules of / : an English-preferring browser is still sent to /en', async () => {
    const app = freshSite();
    expect((await app.request('/', { headers: { 'accept-language': 'ru' } })).status).toBe(200);
    const english = await app.request('/', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en');
    const chosen = await app.request('/', { headers: { 'accept-language': 'en-US', cookie: 'lang=ru' } });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
  });

  it('answers the same kept page whatever unknown parameters the query holds', async () => {
    const app = freshSite();
    const plain = await answer(app, '/en/faq', { 'accept-encoding': BROTLI });
    expect(await answer(app, '/en/faq?utm_source=mail&x=1', { 'accept-encoding': BROTLI })).toEqual(plain);
  });

  it('answers a revalidation with 304 and no body, whether the page was kept or not yet', async () => {
    const app = freshSite();
    // Not kept yet: rendered, then compared (any tag matches `*`).
    const first = await app.request('/en/contacts', { headers: { 'if-none-match': '*' } });
    expect(first.status).toBe(304);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    for (const given of [etag, etag.slice(2), `"other", ${etag}`]) {
      const again = await app.request('/en/contacts', { headers: { 'if-none-match': given, 'accept-encoding': BROTLI } });
      expect(again.status, given).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(again.headers.get('vary')).toBe('Accept-Encoding, Cookie');
      expect(again.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(again.headers.get('content-encoding')).toBeNull();
      expect(again.headers.get('content-length')).toBeNull();
    }
    const changed = await app.request('/en/contacts', { headers: { 'if-none-match': 'W/"older"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe(etag);
    expect(h1(await changed.text())).toBeTruthy();
  });

  it('counts a kept answer under the route its rendered answer was counted under', async () => {
    const app = freshSite();
    const counted = async () =>
      (await httpRequests.get()).values.find(
        ({ labels }) => labels.method === 'GET' && labels.route === '/*' && labels.status === '200',
      )?.value ?? 0;
    const before = await counted();
    await app.request('/en/aml');
    expect(await counted()).toBe(before + 1);
    await app.request('/en/aml');
    expect(await counted()).toBe(before + 2);
  });
});
