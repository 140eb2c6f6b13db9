// Card verification before payout: a direction flagged for it pays a claim out only once the card the client
// paid from is verified; until then the claim waits in `needs_verification` and the client is led to verify it.
import type { ClaimStatus } from './claimStatus.ts';

/** Moves into these statuses start paying the client: a flagged direction's claim needs a verified card first. */
const PAYOUT_STATUSES: readonly ClaimStatus[] = ['processing', 'completed'];

/** Where a claim waits instead while its sender card is not verified. */
export const CARD_CHECK_STATUS: ClaimStatus = 'needs_verification';

export function startsPayout(status: ClaimStatus): boolean {
  return PAYOUT_STATUSES.includes(status);
}

/** Only a card can be verified: the flag fits a direction whose give side is a bank card. */
export function takesCardVerification(giveKind: string): boolean {
  return giveKind === 'card';
}
