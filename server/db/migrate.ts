// Applies the committed drizzle-kit migrations (server/migrations) at start; already-applied ones are skipped.
// Starting instances take turns through a PostgreSQL advisory lock, so N of them starting at once on an empty
// database migrate and seed it once instead of racing on CREATE TABLE.
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Db } from './index.ts';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** The advisory lock key of start-up work (any fixed 64-bit number no other code uses). */
const STARTUP_LOCK_KEY = 4_617_315_517_961_601;

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Runs `work` while this process holds the start-up lock (waiting for another instance's turn to end). */
export async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
