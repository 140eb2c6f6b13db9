// The database handle: Drizzle over a node-postgres pool, against DATABASE_URL or the embedded cluster.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { log } from '../log.ts';
import { startEmbeddedPostgres, type Cluster } from './embedded.ts';
import { timeoutOptions, timeoutsFromEnv, type ConnectionTimeouts } from './timeouts.ts';

export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// numeric columns come back as strings (decimal money); int8 counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Connections of the server's pool: one per concurrent request the server expects to run at once. */
export const SERVER_POOL_SIZE = 20;

/**
 * `min` connections stay open when idle (the rest close after 30 s without use). Every connection carries the
 * statement, lock and idle-in-transaction timeouts and TCP keepalive of `timeouts` (DB_* variables by default).
 */
export function connect(
  url: string,
  max = SERVER_POOL_SIZE,
  min = 0,
  timeouts: ConnectionTimeouts = timeoutsFromEnv(),
): Database {
  // A connection attempt gives up after 5 s, so a database that is away answers 503 instead of hanging.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5000,
    ...timeoutOptions(timeouts),
  });
  let closing = false;
  // A connection the database drops (a restart, an administrator) says so on its own 'error' event, idle or in use.
  // Without a listener there, one in use between two queries (a transaction awaiting other work, the retention
  // pass's lock) ended the whole process. The pool discards a dropped connection and opens a new one when needed.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!closing) log.warn(`database connection lost: ${error.message}`);
    });
  });
  // The pool repeats an idle connection's error here; the connection's own listener has noted it.
  pool.on('error', () => {});
  const db = drizzle({ client: pool });
  return {
    db,
    pool,
    url,
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * Opens `count` connections now. A connection costs a backend process and a SCRAM handshake (several ms of
 * CPU on both sides); opened lazily, the first burst of requests paid for them all at once (p99 of the first
 * second of claims at 200 req/s: ~230 ms instead of ~50 ms).
 */
export async function warmPool(pool: pg.Pool, count: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) client.release();
}

/** Opens DATABASE_URL, or starts the embedded cluster of DATA_DIR and opens that. */
export async function openDatabase(config: Config): Promise<Database & { cluster: Cluster | null }> {
  // The server keeps its whole pool open: connecting under load is what made the tail (see warmPool).
  if (config.databaseUrl) return { ...connect(config.databaseUrl, SERVER_POOL_SIZE, SERVER_POOL_SIZE), cluster: null };
  const cluster = await startEmbeddedPostgres(config.dataDir, { fresh: config.freshData });
  const database = connect(cluster.url, SERVER_POOL_SIZE, SERVER_POOL_SIZE);
  return {
    ...database,
    cluster,
    close: async () => {
      await database.close();
      await cluster.stop();
    },
  };
}
