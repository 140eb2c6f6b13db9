// A claim's log: its creation, taken from the claim itself, then every move recorded in claim_events. The creating
// statement writes no event row: the claim row already holds when it was made, and every claim starts awaiting its
// payment, so a row for it repeated the claim (a heap insert and two index writes, a tenth of a claim's WAL).
import { eq } from 'drizzle-orm';
import type { ClaimStatus } from '../../src/domain/claimStatus.ts';
import type { Db } from '../db/index.ts';
import { claimEvents, type ClaimRow } from '../db/schema/claims.ts';

/** The status every claim is created in (the creating statement's insert). */
export const CREATED_STATUS: ClaimStatus = 'awaiting_payment';

export interface ClaimLogEntry {
  at: Date;
  /** Null for the claim's creation. */
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  actor: 'client' | 'operator' | 'system';
  note: string | null;
}

/** Oldest first: the creation, then the moves in the order they were made. */
export async function claimEventLog(db: Db, claim: Pick<ClaimRow, 'uuid' | 'createdAt'>): Promise<ClaimLogEntry[]> {
  const moves = await db
    .select({
      at: claimEvents.at,
      fromStatus: claimEvents.fromStatus,
      toStatus: claimEvents.toStatus,
      actor: claimEvents.actor,
      note: claimEvents.note,
    })
    .from(claimEvents)
    .where(eq(claimEvents.claimUuid, claim.uuid))
    .orderBy(claimEvents.id);
  const created: ClaimLogEntry = { at: claim.createdAt, fromStatus: null, toStatus: CREATED_STATUS, actor: 'client', note: 'created' };
  return [created, ...moves];
}
