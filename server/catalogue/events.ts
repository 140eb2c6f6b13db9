// Cross-instance invalidation of the catalogue cache through PostgreSQL LISTEN/NOTIFY. Every write to what the
// catalogue holds (rates, limits, reserves, switches, currencies) calls notifyCatalogChanged with the executor
// that wrote: the NOTIFY is part of that transaction, so every instance's listener hears it once the change is
// committed (and never for a rolled-back one), and drops its cached catalogue.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { listenChannel, type ChannelListener } from '../db/listen.ts';
import { catalogWritten, invalidateCatalog } from './catalog.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

/** Anything that runs SQL: the database or an open transaction. */
export type SqlExecutor = Pick<Db, 'execute'>;

/**
 * Announces a catalogue change to every instance (delivered at commit when `executor` is a transaction); this
 * process's own caches reload on their next read at once.
 */
export async function notifyCatalogChanged(executor: SqlExecutor): Promise<void> {
  await executor.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
  catalogWritten();
}

export type CatalogListener = ChannelListener;

/**
 * Keeps one connection LISTENing for catalogue changes and drops `db`'s cached catalogue on each. The connection
 * comes back by itself after the database restarts or the link drops (server/db/listen.ts); every loss and
 * reconnect also drops the cache, since changes made meanwhile were not heard. `onHeard` runs after each
 * notice has dropped the cache.
 */
export function listenCatalogChanges(db: Db, url: string, onHeard: () => void = () => {}): CatalogListener {
  const drop = () => invalidateCatalog(db);
  return listenChannel(url, CATALOG_CHANNEL, {
    notice: () => {
      drop();
      onHeard();
    },
    connected: drop,
    lost: drop,
  });
}
