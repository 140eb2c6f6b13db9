// Fixed-window hit counters kept in PostgreSQL, so N instances share one budget: the HTTP rate limits, the login
// throttle and the retention job all count and purge through here.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/** The longest window any limit uses; rows older than that are of no use (see purgeRateLimitWindows). */
export const MAX_WINDOW_SECONDS = 24 * 60 * 60;

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends. */
  resetsIn: number;
}

/** Start of the current window of `seconds`, by the database's clock (every instance agrees on it). */
export function windowStart(seconds: number) {
  return sql`to_timestamp(floor(extract(epoch from now()) / ${seconds}::int) * ${seconds}::int)`;
}

/** Adds `by` hits to `bucket`'s current window of `seconds` and answers the window's count: one statement. */
export async function addHits(db: Db, bucket: string, seconds: number, by = 1): Promise<WindowCount> {
  const result = await db.execute<{ hits: number; resets_in: number }>(sql`
    insert into rate_limit_hits (bucket, window_start, hits) values (${bucket}, ${windowStart(seconds)}, ${by}::int)
    on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + excluded.hits, last_at = now()
    returning hits, extract(epoch from window_start + make_interval(secs => ${seconds}::int) - now())::float8 as resets_in`);
  const row = result.rows[0]!;
  return { hits: Number(row.hits), resetsIn: Math.max(1, Math.ceil(Number(row.resets_in))) };
}

/** Drops finished windows; a periodic job calls it. Returns how many rows went. */
export async function purgeRateLimitWindows(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limit_hits where window_start < now() - make_interval(secs => ${MAX_WINDOW_SECONDS}::int)`,
  );
  return result.rowCount ?? 0;
}
