// Expires claims whose payment window has passed. One statement locks due rows with SKIP LOCKED, moves them,
// releases their holds and logs the events, so several server instances (or overlapping runs) never process a
// claim twice. "Due" is decided by the database's clock (now()), the one holds and deadlines are written with:
// an instance whose own clock is off expires nothing early and nothing late.
import { sql } from 'drizzle-orm';
import { canMove } from '../../src/domain/claimStatus.ts';
import type { Db } from '../db/index.ts';
import { moveLockedClaims } from './statusMoves.ts';

const BATCH = 500;

if (!canMove('awaiting_payment', 'expired', 'system')) {
  throw new Error('the status table no longer lets the system expire unpaid claims');
}

/** Unpaid past its deadline by the database's clock, and no payment seen before it (that one waits for its confirmations). */
const DUE = sql`status = 'awaiting_payment' and deadline <= now()
  and not exists (select 1 from chain_deposits d where d.claim_uuid = claims.uuid and d.status <> 'dropped')`;

/** Expires due claims in batches (their holds go back to the reserves); answers the uuids it expired. */
export async function expireClaims(db: Db): Promise<string[]> {
  const expired: string[] = [];
  for (;;) {
    const moved = await moveLockedClaims(
      db,
      sql`select uuid from claims where ${DUE} order by deadline limit ${BATCH} for update skip locked`,
      { to: 'expired', actor: 'system', note: 'payment window elapsed' },
    );
    expired.push(...moved.map((row) => row.uuid));
    if (moved.length < BATCH) return expired;
  }
}

/**
 * Expires one claim now if it is due (a page read before the job got to it), so nobody pays it late; answers
 * whether it did. A claim another transaction holds locked is left to it.
 */
export async function expireClaimIfDue(db: Db, uuid: string): Promise<boolean> {
  const moved = await moveLockedClaims(
    db,
    sql`select uuid from claims where uuid = ${uuid}::uuid and ${DUE} for update skip locked`,
    { to: 'expired', actor: 'system', note: 'payment window elapsed' },
  );
  return moved.length > 0;
}
