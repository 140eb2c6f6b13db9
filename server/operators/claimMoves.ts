// An operator's move of a claim along the status table, with what follows it (the referral reward on
// completion): one function for the CLI and the console, so both do the same thing.
import type { ClaimStatus } from '../../src/domain/claimStatus.ts';
import type { Db } from '../db/index.ts';
import { moveClaim, type MoveResult } from '../services/claims.ts';

export interface OperatorMove extends MoveResult {
  /** The partner's reward credited by a completion (RUB), null when none. */
  reward: string | null;
}

/** Null when there is no such claim; throws TransitionError when the table forbids the move. */
export async function moveClaimAsOperator(
  db: Db,
  uuid: string,
  to: ClaimStatus,
  options: { note: string; reason?: string },
): Promise<OperatorMove | null> {
  // A completion credits the partner in its own statement (moveLockedClaims): the reward comes back with the move.
  return moveClaim(db, uuid, to, 'operator', options);
}
