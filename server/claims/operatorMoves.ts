// An operator's move of a claim along the status table, with what follows it (the referral reward on
// completion, the new price of a late payment): one function for the CLI and the console, so both do the same
// thing, both refuse a reasoned move without its reason and both write the same audit row.
import { reasonMissing } from '../../src/domain/claimReasons.ts';
import { repricesOnMove, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { claims } from '../db/schema/claims.ts';
import { moveClaim, type MoveResult } from './service.ts';
import { repriceLateClaim, type Repricing } from './repricing.ts';

export interface OperatorMove extends MoveResult {
  /** The partner's reward credited by a completion (RUB), null when none. */
  reward: string | null;
  /** The old and new price when the move accepted a late payment, null otherwise. */
  repricing: Repricing | null;
}

/** A move to a status the client must be told the reason of, asked without one. */
export class ReasonRequiredError extends Error {
  readonly to: ClaimStatus;

  constructor(to: ClaimStatus) {
    super(`a move to ${to} needs a reason: the client reads it`);
    this.to = to;
  }
}

/**
 * Moves the claim as `actor`, audited as `claim.move` (the status, and the price when re-priced, before and after).
 * Null when there is no such claim; throws ReasonRequiredError without a needed reason, TransitionError when the
 * table forbids the move, and the re-price errors (repricing.ts) when a late payment cannot be accepted.
 */
export async function moveClaimAsOperator(
  db: Db,
  actor: Actor,
  uuid: string,
  to: ClaimStatus,
  options: { note: string; reason?: string },
): Promise<OperatorMove | null> {
  if (reasonMissing(to, options.reason)) throw new ReasonRequiredError(to);
  const reason = options.reason?.trim();
  return audited(db, actor, async (tx) => {
    const moved = await moveLockedClaim(tx, uuid, to, { note: options.note, actor: actor.email, ...(reason !== undefined ? { reason } : {}) });
    const price = moved?.repricing;
    return {
      result: moved,
      audit: moved && {
        action: 'claim.move',
        target: uuid,
        before: { status: moved.from, ...(price ? { course: price.oldCourse, toSumma: price.oldToSumma } : {}) },
        after: {
          status: moved.claim.status,
          reason: reason ?? null,
          ...(price ? { course: price.newCourse, toSumma: price.newToSumma } : {}),
        },
      },
    };
  });
}

async function moveLockedClaim(
  tx: Db,
  uuid: string,
  to: ClaimStatus,
  options: { note: string; actor: string; reason?: string },
): Promise<OperatorMove | null> {
  const { reason } = options;
  // Locked first, so the status that decides between a plain move and a re-price cannot change before the move.
  const [current] = await tx
    .select({ status: claims.status })
    .from(claims)
    .where(eq(claims.uuid, uuid))
    .for('update');
  if (!current) return null;
  if (repricesOnMove(current.status, to))
    return repriceLateClaim(tx, uuid, { actor: options.actor, note: options.note });
  // A completion credits the partner in its own statement (moveLockedClaims): the reward comes back with the move.
  const moved = await moveClaim(tx, uuid, to, 'operator', {
    note: options.note,
    ...(reason !== undefined ? { reason } : {}),
  });
  return moved && { ...moved, repricing: null };
}
