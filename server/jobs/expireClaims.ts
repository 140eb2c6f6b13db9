// Expires claims whose payment window has passed. One statement locks due rows with SKIP LOCKED, moves them
// and logs the events, so several server instances (or overlapping runs) never process a claim twice.
import { sql } from 'drizzle-orm';
import { canMove } from '../../src/domain/claimStatus.ts';
import type { Db } from '../db/index.ts';

const BATCH = 500;

if (!canMove('awaiting_payment', 'expired', 'system')) {
  throw new Error('the status table no longer lets the system expire unpaid claims');
}

/** Expires due claims in batches; answers the uuids it expired. */
export async function expireClaims(db: Db, now: Date = new Date()): Promise<string[]> {
  const expired: string[] = [];
  for (;;) {
    const result = await db.execute<{ claim_uuid: string }>(sql`
      with due as (
        select uuid from claims
        where status = 'awaiting_payment' and deadline <= ${now.toISOString()}::timestamptz
        order by deadline
        limit ${BATCH}
        for update skip locked
      ), moved as (
        update claims set status = 'expired', updated_at = now()
        from due where claims.uuid = due.uuid
        returning claims.uuid
      )
      insert into claim_events (claim_uuid, from_status, to_status, actor, note)
      select uuid, 'awaiting_payment', 'expired', 'system', 'payment window elapsed' from moved
      returning claim_uuid`);
    expired.push(...result.rows.map((row) => row.claim_uuid));
    if (result.rows.length < BATCH) return expired;
  }
}
