// `npm run bench:claims`: claim creation against the cheapest thing the same stack does, side by side in ONE process on
// ONE database: (a) the ceiling, a bare Hono + node-postgres app answering a POST with one JSON body and one INSERT into
// a scratch table; (b) the app's own POST /api/v1/claim/ (SBERRUB → BTC, limits and throttles off, no captcha). Both
// are driven by autocannon (in a worker thread, so the load does not run on the servers' event loop) at 10
// connections for throughput and at a fixed 200 req/s for the tail, in alternating rounds (BENCH_ROUNDS of
// BENCH_SECONDS each), whose medians it prints. It also counts the statements one claim sends.
// While the claims run flat out it samples what their PostgreSQL backends wait on (pg_stat_activity), so a lock on a
// hot row or a WAL flush shows by name, and it prints the CPU time per request of this process and of PostgreSQL, and
// the WAL one claim writes. A measurement, not a test: it prints, it does not fail. Targets: claims ≥ 30 %
// of the ceiling, p99 ≤ 20 ms at 200/s.
import { serve, type ServerType } from '@hono/node-server';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { freePort, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { connect, SERVER_POOL_SIZE, warmPool } from '../server/db/index.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/log.ts';
import { seed } from '../server/seed/index.ts';
import { invalidateCatalog } from '../server/catalogue/catalog.ts';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Options = {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
  overallRate?: number;
  workers?: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of the ceiling then the claims, one after the other. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIXED_RATE = 200;
/** The sampler's own queries cost PostgreSQL CPU: BENCH_WAITS=0 leaves it out when the CPU figures matter. */
const SAMPLE_WAITS = process.env.BENCH_WAITS !== '0';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every statement any pool connection sends, counted (and, while `statementLog` is set, its first words kept). */
let statements = 0;
let statementLog: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
/** Clients of the bench itself (the wait sampler), whose statements are not the app's. */
const uncounted = new WeakSet<pg.Client>();
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  if (uncounted.has(this)) return query.apply(this, args);
  statements += 1;
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
  statementLog?.push((text ?? '?').replace(/\s+/g, ' ').trim().slice(0, 90));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** The ceiling: one JSON body in, one INSERT, 201 out. */
function ceilingApp(pool: pg.Pool): Hono {
  return new Hono().post('/', async (c) => {
    const body = await c.req.json();
    await pool.query('insert into bench_ceiling (body) values ($1)', [body]);
    return c.json({ ok: true }, 201);
  });
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

function close(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** One flat-out run (10 connections) and one run at the fixed rate, of one server. */
interface Round {
  rps: number;
  p50: number;
  p99: number;
  fixedP50: number;
  fixedP99: number;
  failed: number;
  /** CPU time of this process (servers and the load generator) and of PostgreSQL during the flat-out run. */
  nodeMicros: number;
  postgresMicros: number;
  requests: number;
  /** Statements sent during the flat-out run (the wait sampler's not counted: it has a client of its own). */
  statements: number;
}

/**
 * What the active backends other than the sampler wait on, every 10 ms until `done` settles: a count per
 * `wait_event_type:wait_event` ("running" when on CPU), with the relation of each lock wait.
 */
async function sampleWaits(url: string, done: PromiseLike<unknown>): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  uncounted.add(client);
  await client.connect();
  const counts = new Map<string, number>();
  let running = true;
  void Promise.resolve(done).finally(() => {
    running = false;
  });
  try {
    while (running) {
      const { rows } = await client.query<{ wait: string }>(`
        select coalesce(a.wait_event_type || ':' || a.wait_event, 'running')
          || coalesce(' on ' || (select relation::regclass::text from pg_locks l where l.pid = a.pid and not l.granted limit 1), '') as wait
        from pg_stat_activity a
        where a.state = 'active' and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'`);
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await client.end();
  }
  return counts;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of the postmaster's children now running: the backends, the WAL writer and the rest. */
function postgresCpuSeconds(postmaster: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces): state, ppid, ... utime is the 12th, stime the 13th.
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** The server's WAL insert position: the difference of two is the WAL written in between, by anyone. */
async function walPosition(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]!.lsn;
}

async function walBytesSince(pool: pg.Pool, since: string, count: number): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>('select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1) as bytes', [since]);
  return Number(rows[0]!.bytes) / count;
}

/** 10 connections flat out (sampling waits into `waits` when given), then a fixed 200 req/s. */
async function round(url: string, body: string, postmaster: number, waits?: { url: string; counts: Map<string, number> }): Promise<Round> {
  const base = { url, method: 'POST' as const, headers: JSON_HEADERS, body, workers: 1 };
  const [nodeBefore, postgresBefore, statementsBefore] = [process.cpuUsage(), postgresCpuSeconds(postmaster), statements];
  const flatRun = autocannon({ ...base, connections: 10, duration: seconds });
  const sampled = waits && SAMPLE_WAITS ? sampleWaits(waits.url, flatRun) : undefined;
  const flat = await flatRun;
  const nodeCpu = process.cpuUsage(nodeBefore);
  const postgresCpu = postgresCpuSeconds(postmaster) - postgresBefore;
  const statementsSent = statements - statementsBefore;
  for (const [wait, count] of (await sampled) ?? []) waits!.counts.set(wait, (waits!.counts.get(wait) ?? 0) + count);
  await settle();
  const fixed = await autocannon({ ...base, connections: 10, overallRate: FIXED_RATE, duration: seconds });
  await settle();
  return {
    rps: flat.requests.average,
    p50: flat.latency.p50,
    p99: flat.latency.p99,
    fixedP50: fixed.latency.p50,
    fixedP99: fixed.latency.p99,
    failed: flat.non2xx + flat.errors + fixed.non2xx + fixed.errors,
    nodeMicros: nodeCpu.user + nodeCpu.system,
    postgresMicros: postgresCpu * 1e6,
    requests: flat.requests.total,
    statements: statementsSent,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of each figure over the rounds, and the CPU and statements per request over all of them. */
function summary(rounds: Round[]) {
  const requests = rounds.reduce((sum, one) => sum + one.requests, 0);
  const total = (figure: (one: Round) => number) => rounds.reduce((sum, one) => sum + figure(one), 0) / requests;
  return {
    rps: median(rounds.map((one) => one.rps)),
    p50: median(rounds.map((one) => one.p50)),
    p99: median(rounds.map((one) => one.p99)),
    fixedP50: median(rounds.map((one) => one.fixedP50)),
    fixedP99: median(rounds.map((one) => one.fixedP99)),
    failed: rounds.reduce((sum, one) => sum + one.failed, 0),
    nodeMicros: total((one) => one.nodeMicros),
    postgresMicros: total((one) => one.postgresMicros),
    statements: total((one) => one.statements),
  };
}

async function main(): Promise<void> {
  const dataDir = path.resolve(root, `test-data/bench-claims-${process.pid}`);
  Object.assign(process.env, { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'warn', DEMO: '1' });
  delete process.env.CAPTCHA_SECRET;
  const config = loadConfig();
  setLogLevel('warn');
  const cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  const app = connect(cluster.url, SERVER_POOL_SIZE, SERVER_POOL_SIZE);
  const ceiling = connect(cluster.url, SERVER_POOL_SIZE, SERVER_POOL_SIZE);
  const servers: ServerType[] = [];
  try {
    await applyMigrations(app.db);
    await seed(app.db, 'demo');
    await ceiling.pool.query(
      'create table bench_ceiling (id bigserial primary key, body jsonb not null, created_at timestamptz not null default now())',
    );
    const ids = await app.pool.query<{ code: string; id: number }>(
      "select code, id from currencies where code in ('SBERRUB', 'BTC')",
    );
    const id = (code: string) => ids.rows.find((row) => row.code === code)!.id;
    // Every open claim holds its payout: a reserve no run can exhaust.
    await app.db.execute(sql`update reserves set amount = 1000000000 where currency_id = ${id('BTC')}`);
    invalidateCatalog(app.db);
    await Promise.all([warmPool(app.pool, SERVER_POOL_SIZE), warmPool(ceiling.pool, SERVER_POOL_SIZE)]);

    const [appPort, ceilingPort] = [await freePort(), await freePort()];
    servers.push(await listen(createApp({ db: app.db, config }).fetch, appPort));
    servers.push(await listen(ceilingApp(ceiling.pool).fetch, ceilingPort));

    const claim = JSON.stringify({
      email: 'bench@example.com',
      fromPs: id('SBERRUB'),
      toPs: id('BTC'),
      fromSumma: '50000',
      fromRequisites: { card: '4276381260441970', name: 'Ivan Petrov' },
      toRequisites: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      withVerificationCourse: false,
    });
    const claimUrl = `http://127.0.0.1:${appPort}/api/v1/claim/`;
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}/`;
    const probe = await fetch(claimUrl, { method: 'POST', headers: JSON_HEADERS, body: claim });
    if (probe.status !== 201) throw new Error(`the bench claim is refused: ${probe.status} ${await probe.text()}`);

    // Statements of one claim, one at a time (a catalogue reload, at most once a second, may fall in a sample).
    const SAMPLES = 50;
    const walBefore = await walPosition(app.pool);
    // Counted from here: the WAL position reads before and after are the bench's, not the claims'.
    const before = statements;
    for (let index = 0; index < SAMPLES; index += 1) {
      statementLog = index === SAMPLES - 1 ? [] : null;
      await (await fetch(claimUrl, { method: 'POST', headers: JSON_HEADERS, body: claim })).arrayBuffer();
    }
    const perClaim = (statements - before) / SAMPLES;
    const oneClaim = statementLog ?? [];
    statementLog = null;
    const walPerClaim = await walBytesSince(app.pool, walBefore, SAMPLES);
    const walCeilingBefore = await walPosition(ceiling.pool);
    for (let index = 0; index < SAMPLES; index += 1) await ceiling.pool.query('insert into bench_ceiling (body) values ($1)', [claim]);
    const walPerInsert = await walBytesSince(ceiling.pool, walCeilingBefore, SAMPLES);

    console.log(`measuring the ceiling and the claims, ${seconds} s per run…`);
    // Backends are children of the postmaster: the parent of any of them.
    const backend = (await app.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    // Warm-up (JIT, pools), then ROUNDS rounds, each the ceiling's then the claims': a shared machine's speed drifts
    // over a minute, so each ratio compares runs made seconds apart, and the figures are the rounds' medians.
    for (const url of [ceilingUrl, claimUrl]) await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body: claim, connections: 10, duration: 3, workers: 1 });
    await settle();
    const waits = { url: cluster.url, counts: new Map<string, number>() };
    const rounds: { bare: Round; claims: Round }[] = [];
    for (let index = 0; index < ROUNDS; index += 1)
      rounds.push({ bare: await round(ceilingUrl, claim, postmaster), claims: await round(claimUrl, claim, postmaster, waits) });
    const bare = summary(rounds.map((one) => one.bare));
    const claims = summary(rounds.map((one) => one.claims));
    const ratios = rounds.map((one) => one.claims.rps / one.bare.rps);

    const row = (name: string, figures: ReturnType<typeof summary>) =>
      `${name.padEnd(34)} ${figures.rps.toFixed(0).padStart(7)} ${String(figures.p50).padStart(6)} ${String(figures.p99).padStart(6)}   ${String(figures.fixedP50).padStart(6)} ${String(figures.fixedP99).padStart(7)}   ${figures.failed}`;
    console.log(`\n== Claim creation beside one INSERT (one process, one database; 10 connections; ${FIXED_RATE}/s fixed; medians of ${ROUNDS} rounds)`);
    console.log(`${''.padEnd(34)}   req/s    p50    p99   p50@${FIXED_RATE} p99@${FIXED_RATE}   non-2xx+errors`);
    console.log(row('ceiling: POST + one INSERT', bare));
    console.log(row('POST /api/v1/claim/ (SBERRUB→BTC)', claims));
    console.log(
      `CPU per request, this process (servers + load generator) / PostgreSQL: ceiling ${bare.nodeMicros.toFixed(0)} / ` +
        `${bare.postgresMicros.toFixed(0)} µs, claims ${claims.nodeMicros.toFixed(0)} / ${claims.postgresMicros.toFixed(0)} µs; ` +
        `statements per claim flat out ${claims.statements.toFixed(2)}`,
    );
    const ratio = median(ratios);
    console.log(
      `rounds: claims / ceiling ${ratios.map((one) => `${(one * 100).toFixed(1)} %`).join(', ')}; ` +
        `claims' p99 at ${FIXED_RATE}/s ${rounds.map((one) => `${one.claims.fixedP99} ms`).join(', ')}`,
    );
    console.log(
      `claims / ceiling = ${(ratio * 100).toFixed(1)} % (target ≥ 30 %) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}; ` +
        `p99 at ${FIXED_RATE}/s ${claims.fixedP99} ms (target ≤ 20 ms) ${claims.fixedP99 <= 20 ? 'OK' : 'ABOVE TARGET'}`,
    );
    const sortedWaits = [...waits.counts].sort((a, b) => b[1] - a[1]);
    const sampled = sortedWaits.reduce((sum, [, count]) => sum + count, 0);
    console.log(`\nwhat the claims' backends were doing (${sampled} samples of active backends, every 10 ms):`);
    for (const [wait, count] of sortedWaits.slice(0, 8)) console.log(`  ${((count / sampled) * 100).toFixed(1).padStart(5)} %  ${wait}`);
    console.log(`\nstatements per claim (mean of ${SAMPLES}, one at a time): ${perClaim.toFixed(2)}; the last one sent:`);
    for (const text of oneClaim) console.log(`  ${text}`);
    console.log(`WAL per claim (same 50): ${walPerClaim.toFixed(0)} bytes; per ceiling INSERT: ${walPerInsert.toFixed(0)} bytes`);
    console.log(
      `\n(load average while measuring: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores)`,
    );
  } finally {
    for (const server of servers) await close(server);
    await Promise.all([app.close(), ceiling.close()]);
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
