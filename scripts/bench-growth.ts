// `npm run bench:growth`: what a request costs as the data grows. The bench runs its own PostgreSQL and a real
// server on it, measures a small database, fills it by SQL (BENCH_GROWTH_CLAIMS claims, default 1M, spread over
// 100k e-mails, one account with 100k of them and one with 2), measures again and prints both side by side.
// A measurement, not a test: it prints, it does not fail. Targets: every figure within 2× of the small database,
// the orders list p99 ≤ 10 ms for the 2-claim account, idle database CPU ≈ 0.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createAccount } from '../server/accounts/createAccount.ts';
import { hashPassword } from '../server/auth/password.ts';
import { freePort, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { connect } from '../server/db/index.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/log.ts';
import { importAddresses } from '../server/payments/addressPool.ts';
import { demoAddresses } from '../server/seed/demoAddresses.ts';
import { seed } from '../server/seed/index.ts';
import { getCatalog } from '../server/catalogue/catalog.ts';
import { startBenchServer } from './benchServer.ts';
import {
  accountListPlans,
  costliestStatements,
  enableStatementStats,
  readsBetween,
  resetStatementStats,
  tableReads,
} from './growthDiagnostics.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTAL_CLAIMS = Number(process.env.BENCH_GROWTH_CLAIMS ?? 1_000_000);
const EMAILS = Number(process.env.BENCH_GROWTH_EMAILS ?? 100_000);
const BIG_ACCOUNT_CLAIMS = Math.min(100_000, Math.floor(TOTAL_CLAIMS / 4));
/** Registered accounts among the e-mails (their guest claims belong to them once activated). */
const ACCOUNTS = Math.floor(EMAILS / 10);
const SAMPLES = Number(process.env.BENCH_GROWTH_SAMPLES ?? 300);
const IDLE_SECONDS = Number(process.env.BENCH_GROWTH_IDLE_SECONDS ?? 30);
const PASSWORD = 'bench-growth-2026';
const BIG = 'big@bench.local';
const SMALL = 'small@bench.local';

interface Figure {
  p50: number;
  p99: number;
}

type Figures = Record<string, Figure | number | null>;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** p50/p99 of `SAMPLES` sequential calls (at most ~20 s, at least 20 calls), after a short warm-up. */
async function latency(call: () => Promise<Response>): Promise<Figure> {
  for (let index = 0; index < 10; index += 1) await (await call()).arrayBuffer();
  const times: number[] = [];
  const until = Date.now() + 20_000;
  while (times.length < SAMPLES && (times.length < 20 || Date.now() < until)) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** CPU ticks (user + system, 1/100 s) used so far by the postmaster of `pgDir` and each of its children, by pid. */
function clusterCpuTicks(pgDir: string): Map<number, number> {
  const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [parent, user, system] = [Number(fields[1]), Number(fields[11]), Number(fields[12])];
    if (Number(entry) === postmaster || parent === postmaster) ticks.set(Number(entry), user + system);
  }
  return ticks;
}

/** Database CPU over IDLE_SECONDS with no request coming, in % of one core (a backend that ended meanwhile counts 0). */
async function idleCpuPercent(pgDir: string): Promise<number> {
  const before = clusterCpuTicks(pgDir);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  let used = 0;
  for (const [pid, ticks] of clusterCpuTicks(pgDir)) used += ticks - (before.get(pid) ?? 0);
  return used / IDLE_SECONDS;
}

function startServer(port: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  // The growth run keeps its database between starts; DEMO=1: its own database seeded as the demo (production would
  // ask for DATA_KEY).
  return startBenchServer(port, dataDir, { DATABASE_URL: databaseUrl, DEMO: '1', FRESH_DATA: '0', ACCESS_TOKEN_TTL_SECONDS: '36000' });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** Claims of an account (owner set, its own e-mail), newest `ageSeconds` apart, mostly completed. */
function accountClaimsSql(email: string, count: number): string {
  return `
    insert into claims (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course,
      from_requisites, to_requisites, locale, deadline, created_at, updated_at)
    select case when i % 10 = 0 then 'expired' else 'completed' end, u.email, u.id, d.from_id, d.to_id,
      100 + i % 900, (100 + i % 900) * d.course, d.course, '{}'::jsonb, '{"card":"4276381260441970"}'::jsonb, 'ru',
      now() - i * interval '5 minutes' + interval '30 minutes', now() - i * interval '5 minutes',
      now() - i * interval '5 minutes' + interval '10 minutes'
    from generate_series(1, ${count}) i
    cross join (select id, email from users where email = '${email}') u
    cross join lateral (select from_id, to_id, course from directions order by id limit 1 offset i % 10) d`;
}

/** The rest: guest claims over EMAILS addresses, a year of history, a few still awaiting payment. */
function guestClaimsSql(first: number, last: number): string {
  return `
    insert into claims (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course,
      from_requisites, to_requisites, locale, deadline, created_at, updated_at)
    select case when i <= 2000 then 'awaiting_payment' when i % 7 = 0 then 'expired' when i % 11 = 0 then 'canceled'
        else 'completed' end,
      'client' || (i % ${EMAILS}) || '@bench.local', null, d.from_id, d.to_id,
      100 + i % 900, (100 + i % 900) * d.course, d.course, '{}'::jsonb, '{"card":"4276381260441970"}'::jsonb, 'ru',
      case when i <= 2000 then now() + interval '30 minutes' else now() - i * interval '30 seconds' + interval '30 minutes' end,
      now() - i * interval '30 seconds', now() - i * interval '30 seconds' + interval '10 minutes'
    from generate_series(${first}, ${last}) i
    cross join lateral (select from_id, to_id, course from directions order by id limit 1 offset i % 10) d`;
}

/**
 * The account's other lists, so their plans are read at a size too: a referral reward for a third of the accounts'
 * claims, three withdrawals, a card verification and a promo code per account, a hundred times that for the big
 * one, and a tenth of the accounts invited by it.
 */
async function growAccountLists(client: pg.Client): Promise<void> {
  await client.query(`
    insert into referral_movements (user_id, kind, reason, amount, source_key, created_at)
    select user_id, 'deposit', 'claim_reward', 1.00, 'bench:' || uuid, created_at from claims
    where user_id is not null and abs(hashtext(uuid::text)) % 3 = 0`);
  const perAccount = (email: string) => `(select id, case when email = '${email}' then 100 else 1 end as times from users)`;
  await client.query(`
    insert into referral_withdrawals (user_id, amount, requisites, status, created_at, decided_at)
    select u.id, 500, 'card 4276381260441970', 'paid', now() - g * interval '1 day', now() - g * interval '1 day'
    from ${perAccount(BIG)} u cross join lateral generate_series(1, 3 * u.times) g`);
  await client.query(`
    insert into verifications (user_id, card_masked, card_fingerprint, status, created_at, updated_at)
    select u.id, '427638******1970', md5(u.id || ':' || g), 'approved', now() - g * interval '1 day', now()
    from ${perAccount(BIG)} u cross join lateral generate_series(1, u.times) g`);
  await client.query(`
    insert into promocodes (code, percent, uses_total, uses_left, user_id, created_at)
    select 'BENCH-' || u.id || '-' || g, 1, 1, 1, u.id, now() - g * interval '1 day'
    from ${perAccount(BIG)} u cross join lateral generate_series(1, u.times) g`);
  await client.query(`update users set referred_by = (select id from users where email = '${BIG}') where id % 10 = 0 and email like 'client%'`);
}

async function grow(client: pg.Client): Promise<void> {
  const started = Date.now();
  // Row triggers off for the fill (replica role: counters, webhooks and foreign-key checks), counters recomputed after
  // as their migrations do: a statement of 200k rows bumping one status counter row 200k times took minutes.
  await client.query(`set session_replication_role = replica`);
  // Accounts for a tenth of the e-mails (activated, no password anyone uses).
  await client.query(`
    insert into users (email, password_hash, activated, referral_code)
    select 'client' || i || '@bench.local', 'unused', true, 'BENCH' || i from generate_series(0, ${ACCOUNTS - 1}) i`);
  await client.query(`insert into referral_balances (user_id) select id from users on conflict do nothing`);
  await client.query(accountClaimsSql(BIG, BIG_ACCOUNT_CLAIMS - 2));
  const guests = TOTAL_CLAIMS - BIG_ACCOUNT_CLAIMS;
  for (let first = 1; first <= guests; first += 200_000) {
    await client.query(guestClaimsSql(first, Math.min(guests, first + 199_999)));
  }
  // Guest claims of registered e-mails belong to those accounts (what activation does for new accounts).
  await client.query(`
    update claims c set user_id = u.id from users u
    where c.user_id is null and u.email = c.email and u.activated`);
  // Each claim that left awaiting payment moved once (a creation writes no event: server/claims/eventLog.ts).
  await client.query(`
    insert into claim_events (claim_uuid, from_status, to_status, actor, note, at)
    select uuid, 'awaiting_payment', status, 'operator', null, created_at + interval '10 minutes' from claims
    where status <> 'awaiting_payment'`);
  await growAccountLists(client);
  await client.query(`
    insert into account_list_counts (user_id, list, rows)
    select user_id, 'claims', count(*) from claims where user_id is not null group by user_id
    on conflict (user_id, list) do update set rows = excluded.rows`);
  await client.query(`
    insert into account_list_counts (user_id, list, rows)
    select user_id, 'referral_movements', count(*) from referral_movements group by user_id
    on conflict (user_id, list) do update set rows = excluded.rows`);
  await client.query(`delete from claim_status_counts`);
  await client.query(`insert into claim_status_counts (status, slot, rows) select status, 0, count(*) from claims group by status`);
  await client.query(`set session_replication_role = origin`);
  await client.query('vacuum analyze');
  // The fill's dirty pages are written now, not by the timed checkpoint that would spread them over the next
  // minutes of measurement: a year of claims does not arrive in three minutes in production.
  await client.query('checkpoint');
  const [{ count }] = (await client.query<{ count: string }>('select count(*) from claims')).rows as [{ count: string }];
  console.log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s: ${count} claims`);
}

interface Session {
  token: string;
  /** The session cookies (refresh and its marker) as a Cookie header. */
  cookies: string;
}

async function login(base: string, email: string): Promise<Session> {
  const response = await fetch(`${base}/front-api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${email}: HTTP ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  return { token: ((await response.json()) as { access: string }).access, cookies };
}

/**
 * Rows of claims read sequentially around twenty of each call the orders page makes for the 2-claim account:
 * the page's HTML, the profile, the list, a token refresh. Per call, so the one that scans shows; "no request" is
 * a window as long with nothing asked (the server's background jobs alone). Each window also prints every table's
 * rows read sequentially / fetched by index, and the statements that touched most pages meanwhile.
 */
async function sequentialClaimReads(base: string, client: pg.Client, session: Session): Promise<Record<string, number>> {
  const bearer = { authorization: `Bearer ${session.token}` };
  let cookies = session.cookies;
  const calls: Record<string, () => Promise<Response>> = {
    // The window's own length with no request: what the server's background jobs read meanwhile.
    'no request': () => Promise.resolve(new Response(null)),
    'orders page HTML': () => fetch(`${base}/account/orders`, { headers: { cookie: cookies } }),
    'GET /users/me/': () => fetch(`${base}/api/v1/users/me/`, { headers: bearer }),
    'GET /users/me/claims/': () => fetch(`${base}/api/v1/users/me/claims/?page=1&size=20`, { headers: bearer }),
    'POST /auth/refresh/': async () => {
      const response = await fetch(`${base}/front-api/auth/refresh/`, { method: 'POST', headers: { cookie: cookies } });
      const refreshed = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
      if (refreshed) cookies = refreshed;
      return response;
    },
  };
  const reads: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) {
    const before = await tableReads(client);
    await resetStatementStats(client);
    for (let index = 0; index < 20; index += 1) {
      const response = await call();
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`${name}: HTTP ${response.status}`);
    }
    const after = await tableReads(client);
    const tables = readsBetween(before, after);
    reads[name] = tables.find((row) => row.table === 'claims')?.seq ?? 0;
    console.log(`  20 × ${name}: rows read sequentially / fetched by index per table:`);
    console.log(`    ${tables.map((row) => `${row.table} ${row.seq}/${row.idx}`).join(', ') || 'none'}`);
    console.log('    statements touching most pages (pages hit or read, calls, ms):');
    for (const statement of await costliestStatements(client)) {
      console.log(`      ${statement.blocks} pages, ${statement.calls} calls, ${statement.ms.toFixed(1)} ms: ${statement.query.slice(0, 400)}`);
    }
  }
  return reads;
}

async function claimBody(base: string): Promise<string> {
  const catalog = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as { currencies: { id: number; code: string }[] };
  const id = (code: string) => catalog.currencies.find((row) => row.code === code)!.id;
  const [usdt, sber] = [id('USDTTRC20'), id('SBERRUB')];
  const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${usdt}/${sber}/`)).json()) as {
    to: { structure: { input: { name: string }[] } };
  };
  const toRequisites: Record<string, string> = {};
  for (const field of pair.to.structure.input) toRequisites[field.name] = field.name === 'card' ? '4276381260441970' : 'Ivan Petrov';
  return JSON.stringify({ email: 'growth@bench.local', fromPs: usdt, toPs: sber, fromSumma: '100', fromRequisites: {}, toRequisites, withVerificationCourse: false });
}

async function measure(base: string, client: pg.Client, pgDir: string, deepPage: number): Promise<Figures> {
  const [big, small] = [await login(base, BIG), await login(base, SMALL)];
  const seqReads = await sequentialClaimReads(base, client, small);
  const orders = (session: Session, page: number) => () =>
    fetch(`${base}/api/v1/users/me/claims/?page=${page}&size=20`, { headers: { authorization: `Bearer ${session.token}` } });
  const body = await claimBody(base);
  const create = () => fetch(`${base}/api/v1/claim/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const created = (await (await create()).json()) as { uuid: string };
  const figures: Figures = {
    'orders, 2-claim account, page 1': await latency(orders(small, 1)),
    'orders, big account, page 1': await latency(orders(big, 1)),
    [`orders, big account, page ${deepPage}`]: await latency(orders(big, deepPage)),
    'status poll': await latency(() => fetch(`${base}/api/v1/claim/${created.uuid}/status/`)),
    'claim creation': await latency(create),
  };
  for (const [call, rows] of Object.entries(seqReads)) figures[`claims read sequentially, 20 × ${call}`] = rows;
  console.log(`measuring idle database CPU for ${IDLE_SECONDS} s…`);
  figures['idle database CPU, % of a core'] = await idleCpuPercent(pgDir);
  return figures;
}

/**
 * The plan of every account list query at the filled size, for the 2-claim account and the big one (first and deep
 * page), written to reports/ (one file per size); the console gets one line per query: time and any sequential scan.
 */
async function writePlans(client: pg.Client, url: string, deepPage: number): Promise<void> {
  const { rows } = await client.query<{ id: number; email: string }>('select id, email from users where email = any($1)', [[SMALL, BIG]]);
  const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
  const plans = [
    ...(await accountListPlans(url, idOf(SMALL), 1, '2-claim account, page 1')),
    ...(await accountListPlans(url, idOf(BIG), 1, 'big account, page 1')),
    ...(await accountListPlans(url, idOf(BIG), deepPage, `big account, page ${deepPage}`)),
  ];
  const file = path.join(root, 'reports', `bench-growth-plans-${TOTAL_CLAIMS}.txt`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, plans.map((entry) => `== ${entry.list}\n${entry.sql}\n\n${entry.plan}\n`).join('\n'));
  console.log(`\n== Account list queries at ${TOTAL_CLAIMS / 1000}k claims (plans in ${path.relative(root, file)})`);
  for (const entry of plans) {
    const time = /Execution Time: ([\d.]+ ms)/.exec(entry.plan)?.[1] ?? '?';
    const scans = [...entry.plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]);
    console.log(`  ${entry.list}: ${time}${scans.length > 0 ? `, sequential scan of ${scans.join(', ')}` : ''}; ${entry.sql.slice(0, 90)}…`);
  }
}

function cell(value: Figure | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return `${value.p50.toFixed(1)} / ${value.p99.toFixed(1)}`;
}

async function main(): Promise<void> {
  setLogLevel('warn');
  const dataDir = path.resolve(root, `test-data/bench-growth-${process.pid}`);
  console.log(`starting PostgreSQL in ${path.relative(root, dataDir)}…`);
  let cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  // pg_stat_statements names the statements behind the scan counters; it loads at the cluster's start only.
  await enableStatementStats(cluster.url, async () => {
    await cluster.stop();
    cluster = await startEmbeddedPostgres(dataDir, { port: cluster.port });
    return cluster.url;
  });
  const database = connect(cluster.url, 2);
  const client = new pg.Client({ connectionString: cluster.url });
  let server: ChildProcess | null = null;
  try {
    await client.connect();
    await applyMigrations(database.db);
    await seed(database.db);
    // Every created claim takes a deposit address of its own: enough for both measured stages' creations.
    const pool = await importAddresses(database.db, await getCatalog(database.db), 'USDTTRC20', demoAddresses('trc20', 'GROWTH', 4 * SAMPLES).join('\n'));
    if (!pool.ok) throw new Error(`loading the address pool failed: ${pool.reason}`);
    for (const email of [BIG, SMALL]) {
      await createAccount(database.db, { email, passwordHash: await hashPassword(PASSWORD), activated: true });
    }
    await client.query(accountClaimsSql(BIG, 2));
    await client.query(accountClaimsSql(SMALL, 2));
    await client.query('vacuum analyze');

    const port = await freePort();
    server = await startServer(port, cluster.url, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const pgDir = path.join(dataDir, 'pg');
    const deepPage = Math.floor(BIG_ACCOUNT_CLAIMS / 20 / 2);
    console.log('measuring the small database…');
    const small = await measure(base, client, pgDir, deepPage);
    console.log(`filling: ${TOTAL_CLAIMS} claims over ${EMAILS} e-mails, ${BIG_ACCOUNT_CLAIMS} for one account…`);
    await grow(client);
    console.log('measuring the grown database…');
    const grown = await measure(base, client, pgDir, deepPage);
    await writePlans(client, cluster.url, deepPage);

    console.log(`\n== Cost as data grows (p50 / p99 ms, ${SAMPLES} sequential calls each; deep page = the middle of 100k)`);
    const rows = Object.keys(grown);
    const width = Math.max(...rows.map((row) => row.length));
    console.log(`${''.padEnd(width)}  ${'small db'.padStart(16)}  ${`${TOTAL_CLAIMS / 1000}k claims`.padStart(16)}`);
    for (const row of rows) console.log(`${row.padEnd(width)}  ${cell(small[row]).padStart(16)}  ${cell(grown[row]).padStart(16)}`);
    // Latency on a shared machine says as much about the neighbours as about the server: print how busy it was.
    console.log(`\n(load average at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${availableParallelism()} cores)`);
  } finally {
    if (server) await stopServer(server);
    await client.end();
    await database.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
