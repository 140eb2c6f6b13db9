// Moves an operator makes with a reason the client reads (on the claim page and in the mail).
import type { ClaimStatus } from './claimStatus.ts';

const STATUSES_WITH_REASON: readonly ClaimStatus[] = ['rejected', 'needs_verification', 'on_hold', 'returned'];

export function moveNeedsReason(to: ClaimStatus): boolean {
  return STATUSES_WITH_REASON.includes(to);
}
