// What the database and the data folder keep, and for how long (README.md, "Background work and retention"). Rows that only prove
// something for a while are deleted once that while is over; claims, their events and referral movements are the
// business record and stay. One instance at a time runs a pass (a session advisory lock); the others skip it.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { purgeExpiredCredentials } from '../auth/purgeExpired.ts';
import type { Db } from '../db/index.ts';
import { purgeRateLimitWindows } from '../shared/rateLimitWindows.ts';
import { outboxDir } from '../mail/send.ts';
import { purgeRateHistory } from '../rates/operator.ts';
import { sweepIdempotencyKeys } from '../claims/idempotency.ts';
import { ALERT_KEEP_DAYS, purgeOperatorAlerts } from '../alerts/retention.ts';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Course history behind the rates (what a course was computed from): a year, for disputes about old claims. */
export const RATE_HISTORY_DAYS = 365;
/** Mails written to DATA_DIR/outbox when no SMTP server is configured (development): a week. */
export const OUTBOX_DAYS = 7;
/** pg_try_advisory_lock key of the retention pass ("retentio" in ASCII). */
export const RETENTION_LOCK = 0x726574656e74696fn;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Back-office sessions that can no longer be used (revoked, or idle far past their timeout) a day later. */
async function purgeOperatorSessions(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const result = await db.execute(sql`
    delete from operator_sessions where revoked_at < ${dayAgo}::timestamptz or last_seen_at < ${dayAgo}::timestamptz`);
  return result.rowCount ?? 0;
}

export interface RetentionReport {
  credentials: number;
  operatorSessions: number;
  idempotencyKeys: number;
  rateLimitWindows: number;
  rateHistory: number;
  outboxFiles: number;
  operatorAlerts: number;
}

async function purgeOutbox(dataDir: string, now: number): Promise<number> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > OUTBOX_DAYS * DAY_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * One retention pass, or null when another instance is running one. Refresh tokens go once expired (their idle
 * end or the session's absolute end, whichever is first; spent ones stay until then so a replay still revokes
 * the family), mail tokens once used or expired, back-office sessions a day after they ended, idempotency keys after their 24-hour replay window, rate-limit
 * windows a day after they end, course history after RATE_HISTORY_DAYS, outbox files after OUTBOX_DAYS.
 */
export async function runRetention(db: Db, pool: pg.Pool, dataDir: string, now = new Date()): Promise<RetentionReport | null> {
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [RETENTION_LOCK.toString()]);
    if (!rows[0]?.locked) return null;
    try {
      return {
        credentials: await purgeExpiredCredentials(db, now),
        operatorSessions: await purgeOperatorSessions(db, now),
        idempotencyKeys: await sweepIdempotencyKeys(db),
        rateLimitWindows: await purgeRateLimitWindows(db),
        rateHistory: await purgeRateHistory(db, new Date(now.getTime() - RATE_HISTORY_DAYS * DAY_MS)),
        outboxFiles: await purgeOutbox(dataDir, now.getTime()),
        operatorAlerts: await purgeOperatorAlerts(db, new Date(now.getTime() - ALERT_KEEP_DAYS * DAY_MS)),
      };
    } finally {
      await lock.query('select pg_advisory_unlock($1::bigint)', [RETENTION_LOCK.toString()]);
    }
  } finally {
    lock.release();
  }
}
