// Which claim moves need a written reason (src/domain/claimReasons.ts), as the console and the server ask for it.
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from '../../src/domain/claimStatus.ts';
import { moveNeedsReason, reasonMissing } from '../../src/domain/claimReasons.ts';

describe('moveNeedsReason', () => {
  it('asks a reason for a rejection, a verification request, a hold, a return and the two errors only', () => {
    expect(CLAIM_STATUSES.filter(moveNeedsReason)).toEqual([
      'rejected',
      'needs_verification',
      'on_hold',
      'returned',
      'payment_error',
      'payout_error',
    ]);
  });

  it('finds a reasoned move without a reason, spaces counting as none', () => {
    expect(reasonMissing('payout_error', undefined)).toBe(true);
    expect(reasonMissing('payout_error', '   ')).toBe(true);
    expect(reasonMissing('payout_error', 'The bank refused the transfer')).toBe(false);
    expect(reasonMissing('processing', null)).toBe(false);
  });
});
