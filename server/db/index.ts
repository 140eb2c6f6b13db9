// The database handle: Drizzle over a node-postgres pool, against DATABASE_URL or the embedded cluster.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { log } from '../http/log.ts';
import { startEmbeddedPostgres, type Cluster } from './embedded.ts';

export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// numeric columns come back as strings (decimal money); int8 counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function connect(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  let closing = false;
  // An idle connection dropped (database restart): the pool opens a new one when needed. At shutdown it is expected.
  pool.on('error', (error) => {
    if (!closing) log.warn(`idle database connection lost: ${error.message}`);
  });
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

/** Opens DATABASE_URL, or starts the embedded cluster of DATA_DIR and opens that. */
export async function openDatabase(config: Config): Promise<Database & { cluster: Cluster | null }> {
  if (config.databaseUrl) return { ...connect(config.databaseUrl), cluster: null };
  const cluster = await startEmbeddedPostgres(config.dataDir, { fresh: config.freshData });
  const database = connect(cluster.url);
  return {
    ...database,
    cluster,
    close: async () => {
      await database.close();
      await cluster.stop();
    },
  };
}
