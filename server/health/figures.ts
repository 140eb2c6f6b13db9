// What the metrics and the readiness probe read from PostgreSQL. Every read is one small statement over an index or
// a counter table (claim_status_counts), cheap enough for a scrape every few seconds from each instance.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

/** When the newest committed migration was made (drizzle records it as the applied migration's created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** True when PostgreSQL answers and every committed migration is applied; throws when it cannot be reached. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute<{ newest: string | number | null }>(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newest = result.rows[0]?.newest;
  return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis();
}

export interface DatabaseFigures {
  claimsByStatus: { status: string; count: number }[];
  mailQueue: { depth: number; failing: number };
  ratesRefreshAgeSeconds: number | null;
  sourceAgeSeconds: { source: string; seconds: number }[];
  /** Free addresses per crypto currency; null where addresses are derived from a key (never run out). */
  addressesLeft: { currency: string; left: number | null }[];
}

export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  const [claims, mail, refresh, sources, addresses] = await Promise.all([
    db.execute<{ status: string; count: number }>(
      sql`select status, sum(rows)::int8 as count from claim_status_counts group by status order by status`,
    ),
    db.execute<{ depth: number; failing: number }>(sql`
      select count(*)::int8 as depth, count(*) filter (where attempts > 0)::int8 as failing
      from claim_mails where sent_at is null`),
    db.execute<{ age: number | null }>(
      sql`select extract(epoch from now() - last_run_at)::float8 as age from rate_refresh_slot where id = 1`,
    ),
    db.execute<{ source: string; age: number }>(sql`
      select source, extract(epoch from now() - last_success_at)::float8 as age
      from rate_sources where last_success_at is not null order by source`),
    db.execute<{ code: string; derived: boolean; free: number }>(sql`
      select c.code, exists (select 1 from currency_deposit_keys k where k.currency_id = c.id) as derived,
        (select count(*) from deposit_addresses a where a.currency_id = c.id and a.claim_uuid is null)::int8 as free
      from currencies c where c.kind = 'crypto' order by c.code`),
  ]);
  return {
    claimsByStatus: claims.rows.map((row) => ({ status: row.status, count: Number(row.count) })),
    mailQueue: { depth: Number(mail.rows[0]?.depth ?? 0), failing: Number(mail.rows[0]?.failing ?? 0) },
    ratesRefreshAgeSeconds: refresh.rows[0]?.age ?? null,
    sourceAgeSeconds: sources.rows.map((row) => ({ source: row.source, seconds: row.age })),
    addressesLeft: addresses.rows.map((row) => ({ currency: row.code, left: row.derived ? null : Number(row.free) })),
  };
}
