// The home route's first-load JS, gzip: the entry chunk, the home page chunk and the Russian catalog,
// each with the chunks they import statically. Fails above the budget. Deterministic, so CI may gate on it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

// 110 until the server-rendered pages' hydration path (initial page, preloading, settings seed) came: +~1 kB.
// 112 until the claim lifecycle's texts grew the one Russian catalog (+0.6 kB; the home needs none of them: a
// catalog per area is the cut) and every flow got its provider in src/app (+0.6 kB). 116 until the support button
// came into the entry, rendered by the server as a native popover (+0.5 kB; its lazy chunk and Headless UI's popover
// no longer load after hydration: / until idle 198.7 → 194.5 kB). 117 until every flow was bound to the page one way
// (flowContext's bind and its watchers, +0.4 kB; the currency picker's combobox left the home: until idle 195.9 →
// 150.8 kB). 114 since the claim, information, sign-in, verification and account pages' texts left the shared
// catalog for catalogs of their own (the Russian one 11.5 → 6.0 kB; 117.4 → 112.2 kB); 113.0 kB with the exchange
// form's island and the hydration flag that lets it wait (+0.8 kB, the form itself never was in the first load).
export const BUDGET_KB = 114;
const HOME_SOURCES = ['src/pages/home/HomePage.tsx', 'locales/ru/messages.po'];
/** The back office's page: a separate entry that public pages never load. */
const OPS_ENTRY = 'ops.html';

export function homeFirstLoad(distDir = process.env.DIST_DIR ?? 'dist'): { files: Map<string, number>; totalKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => (chunk.isEntry && key !== OPS_ENTRY) || HOME_SOURCES.includes(key))
    .map(([key]) => key);
  const files = new Map<string, number>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || !chunk.file.endsWith('.js')) return;
    files.set(chunk.file, gzipSync(readFileSync(join(distDir, chunk.file)), { level: 9 }).length);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files, totalKb: Math.round((total / 1024) * 10) / 10 };
}

/**
 * What every public page loads beside its own code until the network is idle: the contest banner (before
 * hydration), the hourly update check and the public settings' actor (after it); the support button is in the
 * entry (server-rendered). The public settings come inside the server's HTML, so no HTTP client is needed for them. The journeys in
 * tests/e2e/firstPaint.spec.ts check that a real browser loads nothing beyond what this list and the page's own
 * sources account for.
 */
const AFTER_HYDRATION_SOURCES = [
  'src/components/layout/ContestBanner.tsx',
  'src/components/layout/UpdateNotice.tsx',
  'src/wiring/settings.ts',
];

export interface RouteBudget {
  route: string;
  /** The page's module and what it loads at once (the home's exchange form waits for the visitor: not counted). */
  sources: string[];
  budgetKb: number;
}

/**
 * Measured 23 Nov 2026 (189, 158, 166 kB) plus ~5 % room: growth beyond it needs a reason. The home was 208 and
 * the claim page 184 while their call modules, the HTTP client and the zod schemas loaded before hydration; they
 * now load on the first call (src/app/wiring), after the visitor acts. 26 Nov 2026: the home grew to 198.3 kB with
 * the checksum-checked payout addresses (a bad address is refused as it is typed) and the verified-rate guard; its
 * budget moves to 200. 27 Nov 2026: the support button became a native popover in the entry (no Headless UI
 * popover after hydration): the claim page 188 → 159.2 kB, its budget 167; the home 195.1 kB. Later that day the
 * home's currency pickers arrived as plain markup that loads Headless UI's Combobox (with floating-ui and the
 * virtual list) on the visitor's first pointer, touch or focus on one (src/components/exchange/CurrencyPicker.tsx),
 * and the verified-rate switch became a plain button with the switch role: the home 195.9 → 150.9 kB (/en 148.8),
 * its budget 155. Then the address checksum code (hashes, base58/bech32) came to load on the first focus of an
 * address field (150.8 → 143.5 kB) and the claim, information, sign-in, verification and account pages' texts
 * moved to catalogs of their own, loaded with those pages (locales/{ru,en}/<area>.po): the home 138.4 kB, its
 * budget 140; the claim page 158.4 kB with its catalog, its budget 160. Then the home's exchange form became an
 * island hydrated when the visitor first points at, touches or focuses it (src/components/InteractionIsland.tsx): its
 * ~20 kB (the form, the calculator's wiring, money and requisite rules) leave the load until idle, 138.8 → 118.4 kB
 * (/en 117.2), its budget 120.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', sources: ['src/pages/home/HomePage.tsx'], budgetKb: 120 },
  { route: '/claim/:uuid', sources: ['src/pages/claim/ClaimPage.tsx', 'src/api/claim.ts', 'locales/ru/claim.po'], budgetKb: 160 },
];

/** The JS a Russian page loads until the network is idle: gzip size per file, and the total. */
export function loadUntilIdle(
  budget: Pick<RouteBudget, 'sources'>,
  distDir = process.env.DIST_DIR ?? 'dist',
): { files: Map<string, number>; totalKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const roots = ['index.html', 'locales/ru/messages.po', ...AFTER_HYDRATION_SOURCES, ...budget.sources];
  const missing = roots.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const files = new Map<string, number>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || !chunk.file.endsWith('.js')) return;
    files.set(chunk.file, gzipSync(readFileSync(join(distDir, chunk.file)), { level: 9 }).length);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  files.set(INLINE_LOADER, inlineLoaderBytes(distDir));
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files, totalKb: Math.round((total / 1024) * 10) / 10 };
}

/**
 * A text page (rules, FAQ, AML, contacts, partners, news: `appStart: 'interaction'` in src/app/routes.ts) loads only the
 * loader inline in its HTML until the visitor acts; the app comes on the first interaction (server/http/appLoader.ts).
 * Measured 27 Nov 2026: 1.3 kB (the loader), where /rules loaded 159.9 kB with the app after the paint.
 */
export const TEXT_PAGE_BUDGET_KB = 25;

export function textPageUntilIdle(distDir = process.env.DIST_DIR ?? 'dist'): { files: Map<string, number>; totalKb: number } {
  const files = new Map<string, number>();
  files.set(INLINE_LOADER, inlineLoaderBytes(distDir));
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files, totalKb: Math.round((total / 1024) * 10) / 10 };
}

/** The loader every page carries inline (server/http/appLoader.ts): JavaScript until idle, though fetched as no file. */
export const INLINE_LOADER = 'index.html: the inline app loader';

function inlineLoaderBytes(distDir: string): number {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const loader = /<script data-entry="[^"]*" data-preloads="[^"]*">([\s\S]*?)<\/script>/.exec(template)?.[1];
  if (loader === undefined) throw new Error('the built index.html carries no inline app loader');
  return gzipSync(loader, { level: 9 }).length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let over = false;
  for (const budget of ROUTE_BUDGETS) {
    const { route, budgetKb } = budget;
    const { files, totalKb } = loadUntilIdle(budget);
    console.log(`${route}: ${totalKb} kB gzip in ${files.size} files until network idle (budget ${budgetKb} kB)`);
    if (totalKb > budgetKb) {
      console.error(`  over budget by ${(totalKb - budgetKb).toFixed(1)} kB`);
      over = true;
    }
  }
  const text = textPageUntilIdle();
  console.log(`text pages (/rules, /faq...): ${text.totalKb} kB gzip in ${text.files.size} files until network idle (budget ${TEXT_PAGE_BUDGET_KB} kB)`);
  if (text.totalKb > TEXT_PAGE_BUDGET_KB) {
    console.error(`  over budget by ${(text.totalKb - TEXT_PAGE_BUDGET_KB).toFixed(1)} kB`);
    over = true;
  }
  if (over) process.exit(1);
  const { files, totalKb } = homeFirstLoad();
  for (const [file, size] of [...files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  }
  console.log(`Home route first-load JS: ${totalKb} kB gzip (budget ${BUDGET_KB} kB)`);
  if (totalKb > BUDGET_KB) {
    console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB.`);
    process.exit(1);
  }
}
