// Cross-instance catalogue invalidation: a change committed through another connection (another instance, the
// CLI) reaches this process's cached catalogue through LISTEN/NOTIFY, also after the listener's link was cut.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Database } from '../../server/db/index.ts';
import { CATALOG_TTL_MS, getCatalog } from '../../server/services/catalog.ts';
import { CATALOG_CHANNEL } from '../../server/services/catalogEvents.ts';
import { startCoreApp, type CoreTestApp } from './support/app.ts';

let test: CoreTestApp;
/** A second pool on the same database: what another instance or the operator CLI writes through. */
let other: Database;

beforeAll(async () => {
  test = await startCoreApp();
  other = connect(test.database.url, 2);
});
afterAll(async () => {
  await other.close();
  await test.close();
});

/** Well inside the cache's age bound: only a heard notice can refresh the catalogue this fast. */
const HEARD_WITHIN_MS = CATALOG_TTL_MS / 2;

async function courseOf(from: string, to: string): Promise<string | undefined> {
  const catalog = await getCatalog(test.database.db);
  const fromId = catalog.currencyByCode.get(from)!.id;
  const toId = catalog.currencyByCode.get(to)!.id;
  return catalog.directions.find((row) => row.fromId === fromId && row.toId === toId)?.course;
}

async function setCourse(course: string, commit: boolean): Promise<void> {
  await other.db
    .transaction(async (tx) => {
      await tx.execute(sql`
        update directions set course = ${course}::numeric
        where from_id = (select id from currencies where code = 'BTC')
          and to_id = (select id from currencies where code = 'SBERRUB')`);
      // What notifyCatalogChanged sends, sent by hand: in this process it would also drop the cache directly,
      // and these tests are about what another process hears.
      await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
      if (!commit) tx.rollback();
    })
    .catch((error: unknown) => {
      if (commit) throw error;
    });
}

describe('notifyCatalogChanged + listenCatalogChanges', () => {
  it('a change committed elsewhere is answered at once, before the cache would have aged out', async () => {
    await courseOf('BTC', 'SBERRUB');
    await setCourse('6543210', true);
    await vi.waitFor(async () => expect(await courseOf('BTC', 'SBERRUB')).toBe('6543210'), {
      timeout: HEARD_WITHIN_MS,
      interval: 20,
    });
  });

  it('a rolled-back change announces nothing; a committed one is heard once, at commit', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: test.database.url });
    await listener.connect();
    try {
      listener.on('notification', (message) => heard.push(message.channel));
      await listener.query(`listen ${CATALOG_CHANNEL}`);
      await setCourse('1234567', false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
      await setCourse('1234568', true);
      await vi.waitFor(() => expect(heard).toEqual([CATALOG_CHANNEL]), { timeout: 2000, interval: 20 });
    } finally {
      await listener.end();
    }
  });

  it('the listener comes back after its connection is killed and hears the next change', async () => {
    await other.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike ${`listen ${CATALOG_CHANNEL}%`}`,
    );
    await vi.waitFor(
      async () => {
        const listening = await other.db.execute<{ count: number }>(
          sql`select count(*)::int as count from pg_stat_activity
              where datname = current_database() and query ilike ${`listen ${CATALOG_CHANNEL}%`}`,
        );
        expect(listening.rows[0]!.count).toBe(1);
      },
      { timeout: 5000, interval: 50 },
    );
    await courseOf('BTC', 'SBERRUB');
    await setCourse('7000000', true);
    await vi.waitFor(async () => expect(await courseOf('BTC', 'SBERRUB')).toBe('7000000'), {
      timeout: HEARD_WITHIN_MS,
      interval: 20,
    });
  });
});
