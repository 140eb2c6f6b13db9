// Cross-instance invalidation of the catalogue cache through PostgreSQL LISTEN/NOTIFY. Every write to what the
// catalogue holds (rates, limits, reserves, switches, currencies) calls notifyCatalogChanged with the executor
// that wrote: the NOTIFY is part of that transaction, so every instance's listener hears it once the change is
// committed (and never for a rolled-back one), and drops its cached catalogue.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
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

export interface CatalogListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;

/**
 * Keeps one connection LISTENing for catalogue changes and drops `db`'s cached catalogue on each. The connection
 * comes back by itself after the database restarts or the link drops (with growing pauses between attempts);
 * every reconnect also drops the cache, since changes made meanwhile were not heard. `onHeard` runs after each
 * notice has dropped the cache.
 */
export function listenCatalogChanges(db: Db, url: string, onHeard: () => void = () => {}): CatalogListener {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const retry = (reason: string) => {
    if (stopped || retryTimer) return;
    log.warn(`catalogue listener lost its connection (${reason}); retrying in ${retryMs} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void open();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const open = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      invalidateCatalog(db);
      void next.end().catch(() => {});
      retry(reason);
    };
    next.on('error', (error) => onLost(error.message));
    next.on('end', () => onLost('connection closed'));
    next.on('notification', (message) => {
      if (message.channel !== CATALOG_CHANNEL) return;
      invalidateCatalog(db);
      onHeard();
    });
    try {
      await next.connect();
      await next.query(`listen ${CATALOG_CHANNEL}`);
      if (stopped) return;
      retryMs = FIRST_RETRY_MS;
      invalidateCatalog(db);
      markReady();
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
    }
  };

  void open();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const last = client;
      client = null;
      markReady();
      if (last) await last.end().catch(() => {});
    },
  };
}
