// `npm run bench:rates`: how long one live-rates refresh takes with EVERY direction on a formula. Runs an
// embedded PostgreSQL of its own (bench-data/rates), a local HTTP server answering like Binance (a full-size
// ticker list) and the CBR (the recorded windows-1251 XML), and prices that move every period so that every
// course changes and is written with its history. Prints the duration of the whole refresh (fetch + decide +
// write + notify) and of the decide-and-write transaction alone.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { connect } from '../server/db/index.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/http/log.ts';
import { loadRatesConfig } from '../server/rates/config.ts';
import { applyFormulas, refreshRates } from '../server/rates/refresh.ts';
import { seed } from '../server/seed/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RATES_RUNS ?? 30);
/** Binance answers about this many tickers; the adapter parses all of them every time. */
const TICKERS = 2500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function main(): Promise<void> {
  setLogLevel('warn');
  const dataDir = path.join(root, 'bench-data', 'rates');
  rmSync(dataDir, { recursive: true, force: true });
  const cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  const database = connect(cluster.url, 4);
  let period = 0;
  const cbrXml = readFileSync(path.join(root, 'tests/server/fixtures/rates/cbr-xml-daily.xml'));
  const server = createServer((request, response) => {
    if (request.url === '/scripts/XML_daily.asp') {
      response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(cbrXml);
      return;
    }
    // Every symbol moves a little each period, so every direction gets a new course.
    const tickers = Array.from({ length: TICKERS }, (_, index) => ({
      symbol: `SYM${index}USDT`,
      price: `${100 + index}.${String(period % 100).padStart(2, '0')}${String(index % 1000).padStart(3, '0')}00`,
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tickers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadRatesConfig({ RATES_BINANCE_URL: base, RATES_CBR_URL: base, RATES_REFRESH_SECONDS: '60' });

  try {
    await applyMigrations(database.db);
    await seed(database.db);
    const directions = await database.db.execute<{ id: number }>(sql`select id from directions order by id`);
    const count = directions.rows.length;
    // Every direction on a formula over two sources, as an operator would write it.
    await database.db.execute(sql`
      insert into direction_formulas (direction_id, course_formula, verified_formula, round_decimals)
      select id, 'binance:SYM' || (id % ${TICKERS}) || 'USDT * cbr:USD * 0.985',
        'binance:SYM' || (id % ${TICKERS}) || 'USDT * cbr:USD * 0.99', null
      from directions`);
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
    server.close();
    await database.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
