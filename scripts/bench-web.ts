// `npm run bench:web`: Lighthouse 13 (mobile preset, simulated throttling) with Debian's Chromium on the public
// pages of the real server, median of 3 runs each, beside a minimal Vite + React page built in the same run, as it
// is and with the site's security headers (the opener policy alone costs a page ~100–400 ms of TBT in Lighthouse,
// whose run starts in about:blank and must switch to a new browsing context group for it).
// A measurement, not a test: it prints a table and never fails. By default it visits every public page in both
// languages (the server's sitemap.xml, the sign-in pages it leaves out), a claim page and the orders page.
// BENCH_URL=http://host:port measures a server that is already running instead of starting one; BENCH_PAGES=/,/rules
// picks the pages instead; BENCH_RUNS the runs;
// BENCH_LANGUAGES the browser's languages (ru-RU,ru; en-US measures an English first visit's redirect from /).
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { buildIfStale } from '../server/build.ts';
import { freePort } from '../server/db/embedded.ts';
import { startBenchServer } from './benchServer.ts';
import { loadConfig } from '../server/config.ts';
import { sitePageSecurityHeaders } from '../server/http/security.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const browserLanguages = process.env.BENCH_LANGUAGES ?? 'ru-RU,ru';

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
}

function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  return startBenchServer(port, dataDir, { DIST_DIR: distDir });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** A claim to look at: USDT → Sberbank, created through the public API like a visitor would. */
async function createClaim(base: string): Promise<string> {
  const directions = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as {
    currencies: { id: number; code: string }[];
  };
  const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
  const [usdt, sber] = [id('USDTTRC20'), id('SBERRUB')];
  const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${usdt}/${sber}/`)).json()) as {
    to: { structure: { input: { name: string }[] } };
  };
  const toRequisites: Record<string, string> = {};
  for (const field of pair.to.structure.input)
    toRequisites[field.name] = field.name === 'card' ? '4276381260441970' : 'Ivan Petrov';
  const response = await fetch(`${base}/api/v1/claim/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench-web@example.com',
      fromPs: usdt,
      toPs: sber,
      fromSumma: '100',
      fromRequisites: {},
      toRequisites,
      withVerificationCourse: false,
    }),
  });
  const claim = (await response.json()) as { uuid?: string; id?: string };
  const uuid = claim.uuid ?? claim.id;
  if (!response.ok || !uuid) throw new Error(`creating a claim failed: ${JSON.stringify(claim)}`);
  return uuid;
}

/**
 * The smallest Vite + React 19 page, built now with the same Vite, served from memory on its own port; asked with
 * `?site-headers`, its page comes with the documents' security headers of the site (CSP, framing, opener policy:
 * server/http/security.ts), so what those cost in Lighthouse shows apart from what the site's pages cost.
 */
async function startBaseline(): Promise<{ url: string; server: Server; folder: string }> {
  const folder = path.join(root, 'test-data', `bench-web-baseline-${process.pid}`);
  mkdirSync(path.join(folder, 'src'), { recursive: true });
  writeFileSync(
    path.join(folder, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<meta name="description" content="baseline" /><title>Baseline</title></head><body><div id="root"></div>' +
      '<script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    path.join(folder, 'src', 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);\n",
  );
  await build({ root: folder, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: 'dist' } });
  const out = path.join(folder, 'dist');
  const siteHeaders = sitePageSecurityHeaders(loadConfig());
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://x');
    const pathname = address.pathname;
    const file = pathname === '/' ? 'index.html' : pathname.slice(1);
    try {
      // Gzipped like the real server's files, so the JS figures compare transferred bytes with transferred bytes.
      const body = gzipSync(readFileSync(path.join(out, path.normalize(file))));
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
      const extra = file === 'index.html' && address.searchParams.has('site-headers') ? siteHeaders : {};
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'content-encoding': 'gzip', ...extra }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, server, folder };
}

/** Lighthouse now and then loses the trace of a run (NO_NAVSTART): such a run is made again, up to twice. */
const ATTEMPTS_PER_RUN = 3;

async function measure(url: string, chromePort: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < ATTEMPTS_PER_RUN) return measure(url, chromePort, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`);
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
    ?.items ?? [];
  const jsBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsKb: jsBytes / 1024,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianFigures(samples: Figures[]): Figures {
  const pick = (key: keyof Figures) => median(samples.map((sample) => sample[key]));
  return { score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), jsKb: pick('jsKb') };
}

/** Pages for visitors that no sitemap lists, in both languages. */
const GUEST_PAGES = ['/login', '/register', '/forget', '/recover'];

/** Every public page in both languages as the server's sitemap lists them, the guest pages, a claim and the orders. */
async function everyPublicPage(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => new URL(found[1]!).pathname);
  const guests = GUEST_PAGES.flatMap((page) => [page, `/en${page}`]);
  return [...new Set([...listed, ...guests]), '/claim/{uuid}', '/en/claim/{uuid}', '/account/orders'];
}

function row(name: string, figures: Figures): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `| ${name} | ${figures.score} | ${seconds(figures.fcp)} | ${seconds(figures.lcp)} | ${figures.tbt.toFixed(0)} ms | ${figures.cls.toFixed(3)} | ${figures.jsKb.toFixed(0)} kB |`;
}

async function main(): Promise<void> {
  let server: ChildProcess | null = null;
  const dataDir = path.resolve(root, `test-data/bench-web-${process.pid}`);
  let base = process.env.BENCH_URL?.replace(/\/$/, '');
  if (!base) {
    buildIfStale(root, distDir);
    const port = await freePort();
    console.log(`starting the server on port ${port}…`);
    server = await startServer(port, dataDir);
    base = `http://127.0.0.1:${port}`;
  }
  const baseline = await startBaseline();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // The browser of a visitor from the Russian-speaking market: an English-preferring browser's first visit to /
    // is a redirect to /en (server/http/firstVisit.ts), which would measure /en twice and the home never.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', `--accept-lang=${browserLanguages}`],
  });
  try {
    const claim = await createClaim(base);
    const wanted = process.env.BENCH_PAGES?.split(',') ?? (await everyPublicPage(base));
    const pages: [string, string][] = wanted.map((page) => [page, base + page.replace('{uuid}', claim)]);
    pages.push(['Vite + React hello world', baseline.url]);
    pages.push(["the same, with the site's security headers", `${baseline.url}?site-headers`]);
    const lines: string[] = [];
    for (const [name, url] of pages) {
      // One unmeasured visit warms the server's caches and the JIT; every measured run starts with a cold browser cache.
      await measure(url, chrome.port);
      const samples: Figures[] = [];
      for (let run = 0; run < runs; run++) samples.push(await measure(url, chrome.port));
      lines.push(row(name, medianFigures(samples)));
      console.log(lines.at(-1));
    }
    console.log(`\nLighthouse 13, mobile preset, simulated throttling, median of ${runs}:`);
    console.log('| page | score | FCP | LCP | TBT | CLS | JS transferred |');
    console.log('|---|---|---|---|---|---|---|');
    for (const line of lines) console.log(line);
  } finally {
    await chrome.kill();
    baseline.server.close();
    rmSync(baseline.folder, { recursive: true, force: true });
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
