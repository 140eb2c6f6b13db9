// Applies the committed drizzle-kit migrations (server/migrations) at start; already-applied ones are skipped.
// Starting instances take turns through a PostgreSQL advisory lock, so N of them starting at once on an empty
// database migrate and seed it once instead of racing on CREATE TABLE.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Db } from './index.ts';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** The advisory lock key of start-up work (any fixed 64-bit number no other code uses). */
const STARTUP_LOCK_KEY = 4_617_315_517_961_601;

/** Statement and lock limits are lifted on the connection that migrates or waits its turn: a migration over a large
 * table, or another instance's start-up, may rightly take longer than a request's limits allow. */
const UNLIMITED = 'set statement_timeout = 0; set lock_timeout = 0';
const LIMITED_AGAIN = 'reset statement_timeout; reset lock_timeout';

/** The pool behind a handle made by connect(): drizzle keeps it as `$client`, which its Db type does not name. */
function poolOf(db: Db): pg.Pool {
  return (db as Db & { $client: pg.Pool }).$client;
}

export async function applyMigrations(db: Db): Promise<void> {
  const client = await poolOf(db).connect();
  try {
    await client.query(UNLIMITED);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query(LIMITED_AGAIN).catch(() => {});
    client.release();
  }
}

/** Runs `work` while this process holds the start-up lock (waiting for another instance's turn to end). */
export async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(UNLIMITED);
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      await client.query(LIMITED_AGAIN);
    }
  } finally {
    client.release();
  }
}
