// Moves an operator makes with a reason the client reads (on the claim page and in the mail). The CLI, the console
// API and the operator's move service all refuse such a move without one.
import type { ClaimStatus } from './claimStatus.ts';

const STATUSES_WITH_REASON: readonly ClaimStatus[] = [
  'rejected',
  'needs_verification',
  'on_hold',
  'returned',
  'payment_error',
  'payout_error',
];

export function moveNeedsReason(to: ClaimStatus): boolean {
  return STATUSES_WITH_REASON.includes(to);
}

/** A move to `to` that needs a reason and was given none (or only spaces). */
export function reasonMissing(to: ClaimStatus, reason: string | null | undefined): boolean {
  return moveNeedsReason(to) && (reason ?? '').trim() === '';
}
