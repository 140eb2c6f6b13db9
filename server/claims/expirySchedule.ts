// When the expiry job should look again: at the earliest deadline of an unpaid claim (one probe of the
// (status, deadline) index), never later than a claim created now could fall due, and at most a minute away.
// The time to it is measured by the database's clock, the one deadlines are written and expired by.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/** Upper bound of a sleep: a deadline moved by hand or a clock step is noticed within this. */
export const EXPIRY_MAX_SLEEP_MS = 60_000;
/** Lower bound: a due claim another instance holds locked is looked at again after this. */
export const EXPIRY_MIN_SLEEP_MS = 1_000;

export async function nextExpiryDelay(db: Db, paymentWindowSeconds: number): Promise<number> {
  const result = await db.execute<{ ms: string | number | null }>(
    sql`select extract(epoch from min(deadline) - now()) * 1000 as ms from claims where status = 'awaiting_payment'`,
  );
  const ms = result.rows[0]?.ms;
  // A claim created right now falls due one payment window from now: never sleep past that.
  let delay = Math.min(EXPIRY_MAX_SLEEP_MS, paymentWindowSeconds * 1000);
  if (ms !== null && ms !== undefined) delay = Math.min(delay, Number(ms));
  return Math.max(EXPIRY_MIN_SLEEP_MS, delay);
}
