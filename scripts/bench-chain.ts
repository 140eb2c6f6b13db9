// `npm run bench:chain`: what one poll of a chain watcher costs with BENCH_CHAIN_CLAIMS (10,000) open claims
// waiting for a payment on one coin: SQL statements and their time, HTTP calls to the chain API, wall time.
// Runs embedded PostgreSQL of its own and a local server answering like Esplora (the addresses' transactions and
// the tip), where 1 % of the addresses have just been paid with enough confirmations. Three polls: the first
// finds the deposits and pays their claims, the second and third find nothing new (the steady state).
// A measurement, not a test: it prints, it does not fail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connect } from '../server/db/index.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/log.ts';
import { loadChainConfig } from '../server/payments/chains/config.ts';
import { chainAdapter } from '../server/payments/chains/job.ts';
import { pollChain } from '../server/payments/chains/watch.ts';
import { seed } from '../server/seed/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLAIMS = Number(process.env.BENCH_CHAIN_CLAIMS ?? 10_000);
const TIP = 900_000;

/** Counts every statement sent to PostgreSQL and the time until its answer. */
function countQueries(): { statements: number; ms: number; reset(): void } {
  const counter = { statements: 0, ms: 0, reset: () => Object.assign(counter, { statements: 0, ms: 0 }) };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counter.statements += 1;
    const began = performance.now();
    const done = () => (counter.ms += performance.now() - began);
    // The pool calls back; drizzle awaits: either way the answer's arrival is timed.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...values: unknown[]) => unknown)(...results);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args);
    if (answer instanceof Promise) void answer.then(done, done);
    return answer;
  } as typeof pg.Client.prototype.query;
  return counter;
}

/** Esplora for the bench's addresses: `paid` have one transaction paying 0.01 BTC 3 blocks deep. */
async function playEsplora(paid: Set<string>): Promise<{ url: string; calls: () => number; close(): void }> {
  let calls = 0;
  const server = createServer((request, response) => {
    calls += 1;
    if (request.url === '/blocks/tip/height') {
      response.writeHead(200).end(String(TIP));
      return;
    }
    const address = decodeURIComponent(/^\/address\/([^/]+)\/txs$/.exec(request.url ?? '')?.[1] ?? '');
    const txs = paid.has(address)
      ? [
          {
            txid: address.slice(-16).padStart(64, '0'),
            vout: [{ scriptpubkey_address: address, value: 1_000_000 }],
            status: { confirmed: true, block_height: TIP - 2, block_hash: 'ab'.repeat(32) },
          },
        ]
      : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(txs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => server.close(),
  };
}

async function main(): Promise<void> {
  setLogLevel('error');
  const dataDir = path.join(root, 'test-data', 'bench-chain');
  rmSync(dataDir, { recursive: true, force: true });
  const cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  const database = connect(cluster.url, 4);
  const db = database.db;
  const paid = new Set<string>();
  for (let index = 0; index < CLAIMS; index += 100) paid.add(`bc1qbench${String(index).padStart(30, '0')}`);
  const esplora = await playEsplora(paid);
  try {
    await applyMigrations(db);
    await seed(db);
    // Open BTC → SBERRUB claims of 0.01 BTC, each with its own address, written by SQL (the API would take minutes).
    await db.execute(sql`
      with made as (
        insert into claims (status, email, from_currency_id, to_currency_id, from_summa, to_summa, course,
          from_requisites, to_requisites, deadline)
        select 'awaiting_payment', 'bench' || n || '@example.com', (select id from currencies where code = 'BTC'),
          (select id from currencies where code = 'SBERRUB'), 0.01, 90000, 9000000, '{}', '{}', now() + interval '1 hour'
        from generate_series(0, ${CLAIMS - 1}) as n
        returning uuid, email
      )
      insert into deposit_addresses (currency_id, network, address, claim_uuid, used_at)
      select (select id from currencies where code = 'BTC'), 'btc',
        'bc1qbench' || lpad(substring(email from 6 for position('@' in email) - 6), 30, '0'), uuid, now()
      from made`);
    await db.execute(sql`analyze`);
    const config = loadChainConfig({
      CHAIN_BTC_URL: esplora.url,
      CHAIN_CONCURRENCY: process.env.CHAIN_CONCURRENCY ?? '8',
    });
    const adapter = chainAdapter(config, 'btc');
    const queries = countQueries();
    console.log(
      `chain watcher poll, Bitcoin (Esplora played locally), ${CLAIMS} open claims, ${paid.size} of them just paid`,
    );
    for (const label of [
      'first poll (deposits found, claims paid)',
      'second poll (nothing new)',
      'third poll (nothing new)',
    ]) {
      await db.execute(sql`update chain_watch_slots set next_run_at = now() - interval '1 second'`);
      queries.reset();
      const httpBefore = esplora.calls();
      const began = performance.now();
      const outcome = await pollChain(db, config, 'btc', adapter);
      const wall = performance.now() - began;
      if (outcome.error) throw new Error(outcome.error);
      const moves = outcome.decided.reduce((sum, decision) => sum + decision.moves.length, 0);
      console.log(
        `  ${label.padEnd(42)} ${wall.toFixed(0).padStart(6)} ms wall, ${String(queries.statements).padStart(5)} SQL statements ` +
          `(${queries.ms.toFixed(0)} ms in PostgreSQL), ${esplora.calls() - httpBefore} HTTP calls, ` +
          `${outcome.watched} addresses watched, ${outcome.seen} transfers seen, ${moves} claims moved`,
      );
    }
  } finally {
    esplora.close();
    await database.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
