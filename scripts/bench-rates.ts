// `npm run bench:rates`: how long one live-rates refresh takes with EVERY direction on a formula, and whether the
// calculator's read path (GET course) keeps its speed while the job rewrites every course each second.
// Runs embedded PostgreSQL of its own, a local HTTP server answering like Binance (a full-size ticker list) and
// the CBR (the recorded windows-1251 XML), with prices that move every period so that every course changes and
// is written with its history. A measurement, not a test: it prints, it does not fail.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { connect } from '../server/db/index.ts';
import { attachEmbeddedPostgres, freePort, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/log.ts';
import { loadRatesConfig } from '../server/rates/config.ts';
import { applyFormulas, refreshRates } from '../server/rates/refresh.ts';
import { seed } from '../server/seed/index.ts';
import { startBenchServer } from './benchServer.ts';

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<LoadResult>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RATES_RUNS ?? 30);
/** Binance answers about this many tickers; the adapter parses all of them every time. */
const TICKERS = 2500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Formulas over both sources for every direction, as an operator would write them. */
const FORMULAS = sql`
  insert into direction_formulas (direction_id, course_formula, verified_formula, round_decimals)
  select id, 'binance:SYM' || (id % ${TICKERS}) || 'USDT * cbr:USD * 0.985',
    'binance:SYM' || (id % ${TICKERS}) || 'USDT * cbr:USD * 0.99', null
  from directions`;

/** A local market: every Binance symbol moves with `tick()`, the CBR answers its recorded day. */
async function playMarket(tick: () => number): Promise<{ url: string; close(): void }> {
  const cbrXml = readFileSync(path.join(root, 'tests/server/fixtures/rates/cbr-xml-daily.xml'));
  const server = createServer((request, response) => {
    if (request.url === '/scripts/XML_daily.asp') {
      response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(cbrXml);
      return;
    }
    const moved = String(tick() % 100).padStart(2, '0');
    const tickers = Array.from({ length: TICKERS }, (_, index) => ({
      symbol: `SYM${index}USDT`,
      price: `${100 + index}.${moved}${String(index % 1000).padStart(3, '0')}00`,
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tickers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The refresh itself, in this process, over simulated periods of 60 s. */
async function refreshDuration(): Promise<void> {
  const dataDir = path.join(root, 'test-data', 'bench-rates');
  rmSync(dataDir, { recursive: true, force: true });
  const cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  const database = connect(cluster.url, 4);
  let period = 0;
  const market = await playMarket(() => period);
  const base = market.url;
  const config = loadRatesConfig({ RATES_BINANCE_URL: base, RATES_CBR_URL: base, RATES_REFRESH_SECONDS: '60' });

  try {
    await applyMigrations(database.db);
    await seed(database.db);
    const directions = await database.db.execute<{ id: number }>(sql`select id from directions order by id`);
    const count = directions.rows.length;
    await database.db.execute(FORMULAS);
    const start = Date.now();
    const total: number[] = [];
    const transaction: number[] = [];
    let updated = 0;
    for (let run = 0; run < RUNS; run += 1) {
      period = run;
      const outcome = await refreshRates(database.db, config, new Date(start + run * 60_000));
      if (!outcome.ran) throw new Error('the refresh did not take its period');
      total.push(outcome.durationMs);
      updated += outcome.updated;
      // The same decision pass once more without a fetch: what the write transaction costs alone.
      const began = performance.now();
      await applyFormulas(database.db, config, new Date(start + run * 60_000 + 1000));
      transaction.push(performance.now() - began);
    }
    total.sort((a, b) => a - b);
    transaction.sort((a, b) => a - b);
    const history = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_history`);
    console.log(`live rates refresh, ${count} directions on a formula, ${TICKERS} Binance tickers, ${RUNS} periods`);
    console.log(
      `  whole refresh (fetch both sources + decide + write + notify): p50 ${percentile(total, 50)} ms, p90 ${percentile(total, 90)} ms, max ${total.at(-1)} ms`,
    );
    console.log(
      `  decide-and-write transaction alone (no course changed):       p50 ${percentile(transaction, 50).toFixed(1)} ms, max ${transaction.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`  courses written: ${updated} (${history.rows[0]!.n} history rows)`);
  } finally {
    market.close();
    await database.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function startServer(port: number, dataDir: string, market: string): Promise<ChildProcess> {
  return startBenchServer(port, dataDir, { RATES_REFRESH_SECONDS: '1', RATES_BINANCE_URL: market, RATES_CBR_URL: market });
}

/** GET course on the real server, first with manual courses, then with every course rewritten each second. */
async function readPath(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const market = await playMarket(() => Math.floor(Date.now() / 1000));
  const port = await freePort();
  const dataDir = path.join(root, 'test-data', `bench-rates-server-${process.pid}`);
  const server = await startServer(port, dataDir, market.url);
  const cluster = await attachEmbeddedPostgres(dataDir);
  const database = connect(cluster.url, 2);
  try {
    const base = `http://127.0.0.1:${port}`;
    const catalog = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as {
      currencies: { id: number; code: string }[];
    };
    const id = (code: string) => catalog.currencies.find((row) => row.code === code)!.id;
    const url = `${base}/api/v1/calculator/course/${id('BTC')}/${id('SBERRUB')}/`;
    const load = async () => {
      await autocannon({ url, connections: 10, duration: 3 });
      return autocannon({ url, connections: 20, duration: seconds });
    };
    const manual = await load();
    await database.db.execute(FORMULAS);
    const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_history`);
    const live = await load();
    const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_history`);
    // Manual again, so that a busy machine's drift shows as a difference between the two manual runs.
    await database.db.execute(sql`delete from direction_formulas`);
    const manualAgain = await load();
    const line = (label: string, result: LoadResult) =>
      `  ${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.non2xx} non-2xx)`;
    console.log(`GET course/{from}/{to}/ on the server, ${seconds} s, 20 connections`);
    console.log(line('manual courses (job idle)          ', manual));
    console.log(line('every course rewritten each second ', live));
    console.log(line('manual courses again               ', manualAgain));
    console.log(`  courses written by the job meanwhile: ${after.rows[0]!.n - before.rows[0]!.n}`);
  } finally {
    await database.close();
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      process.kill(server.pid!, 'SIGTERM');
    });
    market.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  setLogLevel('warn');
  await refreshDuration();
  if (process.env.BENCH_RATES_READ !== '0') await readPath();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
