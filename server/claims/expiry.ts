// Expires claims whose payment window has passed. One statement locks due rows with SKIP LOCKED, moves them,
// releases their holds and logs the events, so several server instances (or overlapping runs) never process a
// claim twice.
import { sql } from 'drizzle-orm';
import { canMove } from '../../src/domain/claimStatus.ts';
import type { Db } from '../db/index.ts';
import { moveLockedClaims } from './statusMoves.ts';

const BATCH = 500;

if (!canMove('awaiting_payment', 'expired', 'system')) {
  throw new Error('the status table no longer lets the system expire unpaid claims');
}

/** Expires due claims in batches (their holds go back to the reserves); answers the uuids it expired. */
export async function expireClaims(db: Db, now: Date = new Date()): Promise<string[]> {
  const expired: string[] = [];
  for (;;) {
    const moved = await moveLockedClaims(
      db,
      sql`select uuid from claims
        where status = 'awaiting_payment' and deadline <= ${now.toISOString()}::timestamptz
          -- A payment the chain watcher saw before the deadline waits for its confirmations instead.
          and not exists (select 1 from chain_deposits d where d.claim_uuid = claims.uuid and d.status <> 'dropped')
        order by deadline
        limit ${BATCH}
        for update skip locked`,
      { to: 'expired', actor: 'system', note: 'payment window elapsed' },
    );
    expired.push(...moved.map((row) => row.uuid));
    if (moved.length < BATCH) return expired;
  }
}
