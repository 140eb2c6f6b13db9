// Alerts are kept a month after they were sent or dropped (what the operator heard and when), then deleted by the
// hourly retention pass. Far past the scan's one-hour event lookback, so a deleted event alert is never written again.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

export const ALERT_KEEP_DAYS = 30;

export async function purgeOperatorAlerts(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`delete from operator_alerts
    where coalesce(sent_at, dropped_at) < ${before.toISOString()}::timestamptz
      and (cleared_at is not null or kind in ('new_claim', 'payment_seen'))`);
  return result.rowCount ?? 0;
}
