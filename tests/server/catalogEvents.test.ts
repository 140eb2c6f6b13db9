// Cross-instance catalogue invalidation: a change committed through another connection (another instance, the
// CLI) reaches this process's cached catalogue through LISTEN/NOTIFY, also after the listener's link was cut.
// The tests wait for the notice to be heard (no timing bound: the 1 s freshness follows from NOTIFY at commit
// plus the cache's hard age bound).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Database } from '../../server/db/index.ts';
import { getCatalog } from '../../server/catalogue/catalog.ts';
import { CATALOG_CHANNEL, listenCatalogChanges, type CatalogListener } from '../../server/catalogue/events.ts';
import { startTestApp, type TestApp } from './support/app.ts';

let test: TestApp;
/** A second pool on the same database: what another instance or the operator CLI writes through. */
let other: Database;
/** A listener on the app's database that counts the notices it heard (after dropping the cache). */
let listener: CatalogListener;
let heard = 0;

beforeAll(async () => {
  test = await startTestApp();
  other = connect(test.database.url, 2);
  listener = listenCatalogChanges(test.database.db, test.database.url, () => (heard += 1));
  await listener.ready;
});
afterAll(async () => {
  await listener.stop();
  await other.close();
  await test.close();
});

/** Waits until the listener has heard one more notice than `before`, then answers the course the cache gives. */
async function courseAfterNotice(before: number): Promise<string | undefined> {
  await vi.waitFor(() => expect(heard).toBeGreaterThan(before), { timeout: 10_000, interval: 10 });
  return courseOf('BTC', 'SBERRUB');
}

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
  it('a change committed elsewhere drops the cached catalogue as soon as it is heard', async () => {
    expect(await courseOf('BTC', 'SBERRUB')).not.toBe('6543210');
    const before = heard;
    await setCourse('6543210', true);
    expect(await courseAfterNotice(before)).toBe('6543210');
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
    const listening = async () =>
      (
        await other.db.execute<{ count: number }>(
          sql`select count(*)::int as count from pg_stat_activity
              where datname = current_database() and query ilike ${`listen ${CATALOG_CHANNEL}%`}`,
        )
      ).rows[0]!.count;
    const listeners = await listening();
    await other.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike ${`listen ${CATALOG_CHANNEL}%`}`,
    );
    await vi.waitFor(async () => expect(await listening()).toBe(listeners), { timeout: 10_000, interval: 50 });
    await courseOf('BTC', 'SBERRUB');
    const before = heard;
    await setCourse('7000000', true);
    expect(await courseAfterNotice(before)).toBe('7000000');
  });
});
