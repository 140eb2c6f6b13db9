// What `npm run bench:growth` reads from PostgreSQL beside the latencies: per-table scan counters around a phase,
// the statements that touched most pages meanwhile (pg_stat_statements, loaded by a restart of the bench's own
// cluster), and the plan of every account list query, taken from the queries the list functions really send.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { claimPage, movementPage, withdrawalPage } from '../server/accounts/accountLists.ts';
import { verificationPage } from '../server/accounts/cardVerifications.ts';
import { ownPromocodes, referralStanding } from '../server/accounts/profile.ts';
import type { Db } from '../server/db/index.ts';

/** Rows per table read by sequential scans and fetched through indexes, as counted so far. */
export type TableReads = Map<string, { seq: number; idx: number }>;

/** The counters after the server's backends flushed theirs (at most once a second, and at once when idle). */
export async function tableReads(client: pg.Client): Promise<TableReads> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ relname: string; seq: string; idx: string | null }>(
    'select relname, seq_tup_read as seq, idx_tup_fetch as idx from pg_stat_user_tables',
  );
  return new Map(rows.map((row) => [row.relname, { seq: Number(row.seq), idx: Number(row.idx ?? 0) }]));
}

/** Tables whose counters moved between two readings, most rows read sequentially first. */
export function readsBetween(before: TableReads, after: TableReads): { table: string; seq: number; idx: number }[] {
  return [...after]
    .map(([table, { seq, idx }]) => ({ table, seq: seq - (before.get(table)?.seq ?? 0), idx: idx - (before.get(table)?.idx ?? 0) }))
    .filter((row) => row.seq > 0 || row.idx > 0)
    .sort((a, b) => b.seq - a.seq || b.idx - a.idx);
}

/**
 * Loads pg_stat_statements into the bench's cluster: it must be preloaded, so the cluster restarts once (the
 * caller's `restart`), then the extension is created.
 */
export async function enableStatementStats(url: string, restart: () => Promise<string>): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
    await admin.query(`alter system set pg_stat_statements.track = 'all'`);
  } finally {
    await admin.end();
  }
  const restarted = await restart();
  const client = new pg.Client({ connectionString: restarted });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
  } finally {
    await client.end();
  }
  return restarted;
}

export async function resetStatementStats(client: pg.Client): Promise<void> {
  await client.query('select pg_stat_statements_reset()');
}

export interface StatementCost {
  query: string;
  calls: number;
  /** Shared buffers hit or read: what grows with a table a statement scans. */
  blocks: number;
  ms: number;
}

/** The statements that touched most shared buffers since the last reset (the bench's own reads left out). */
export async function costliestStatements(client: pg.Client, limit = 5): Promise<StatementCost[]> {
  const { rows } = await client.query<{ query: string; calls: string; blocks: string; ms: number }>(
    `select query, calls, shared_blks_hit + shared_blks_read as blocks, total_exec_time as ms
     from pg_stat_statements
     where query not like '%pg_stat%' and query not like 'explain%'
     order by shared_blks_hit + shared_blks_read desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({ query: row.query.replace(/\s+/g, ' '), calls: Number(row.calls), blocks: Number(row.blocks), ms: row.ms }));
}

interface SentQuery {
  sql: string;
  params: unknown[];
}

/** A Drizzle handle on `url` that notes every query it sends. */
function recordingDb(url: string): { db: Db; sent: SentQuery[]; pool: pg.Pool } {
  const sent: SentQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool, logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
  return { db, sent, pool };
}

/** Drizzle's query with its parameters written in, as literals, for EXPLAIN. */
function withParameters({ sql, params }: SentQuery): string {
  return sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') return String(value);
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `'${text.replace(/'/g, "''")}'`;
  });
}

/**
 * The plan a prepared statement settles on (the claims page is one, server/accounts/accountLists.ts): planned
 * without its parameters' values, then run with them.
 */
async function genericPlan(client: pg.Client, query: SentQuery, list: string): Promise<ListPlan> {
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query(`prepare generic_plan as ${query.sql}`);
  try {
    const values = withParameters({ sql: query.params.map((_, index) => `$${index + 1}`).join(', '), params: query.params });
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) execute generic_plan(${values})`);
    return { list, sql: query.sql, plan: rows.map((row) => row['QUERY PLAN']).join('\n') };
  } finally {
    await client.query('deallocate generic_plan');
    await client.query('reset plan_cache_mode');
  }
}

export interface ListPlan {
  list: string;
  sql: string;
  plan: string;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query the account's lists send (claims, referral movements and their
 * count, withdrawals, card verifications, promo codes, the referral standing), for the account `userId` at page `page`.
 */
export async function accountListPlans(url: string, userId: number, page: number, label: string): Promise<ListPlan[]> {
  const { db, sent, pool } = recordingDb(url);
  const request = { page, size: 20, offset: (page - 1) * 20 };
  // The orders list checks the caller's session in its own statement: a live one of the account (the bench signed in).
  const { rows: sessions } = await pool.query<{ family_id: string }>(
    'select family_id from refresh_tokens where user_id = $1 and revoked_at is null order by id desc limit 1',
    [userId],
  );
  const caller = { userId, sessionId: sessions[0]?.family_id ?? '00000000-0000-0000-0000-000000000000' };
  const lists: Record<string, () => Promise<unknown>> = {
    claims: () => claimPage(db, caller, request),
    'referral movements': () => movementPage(db, userId, { from: null, to: null }, request),
    'referral movements within dates': () =>
      movementPage(db, userId, { from: new Date(Date.now() - 30 * 86_400_000), to: new Date() }, request),
    withdrawals: () => withdrawalPage(db, userId, { from: null, to: null }, request),
    'card verifications': () => verificationPage(db, userId, undefined, request),
    'promo codes': () => ownPromocodes(db, userId),
    'referral standing': () => referralStanding(db, userId),
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: ListPlan[] = [];
  try {
    for (const [list, read] of Object.entries(lists)) {
      sent.length = 0;
      await read();
      for (const query of [...sent]) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${withParameters(query)}`);
        plans.push({ list: `${list}, ${label}`, sql: withParameters(query), plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
        if (list === 'claims' && query.params.length > 1) plans.push(await genericPlan(client, query, `${list}, ${label}, generic plan`));
      }
    }
  } finally {
    await client.end();
    await pool.end();
  }
  return plans;
}
