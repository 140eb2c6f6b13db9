// Card verification before payout (src/domain/cardVerification.ts): which moves start a payout, where a claim waits
// instead, and which directions can require it.
import { describe, expect, it } from 'vitest';
import { CARD_CHECK_STATUS, startsPayout, takesCardVerification } from '../../src/domain/cardVerification.ts';
import { CLAIM_STATUSES, canMove } from '../../src/domain/claimStatus.ts';

describe('startsPayout', () => {
  it('is the move into processing or completed, and no other', () => {
    expect(CLAIM_STATUSES.filter(startsPayout)).toEqual(['processing', 'completed']);
  });
});

describe('CARD_CHECK_STATUS', () => {
  it('is needs_verification, which a received payment may wait in before processing', () => {
    expect(CARD_CHECK_STATUS).toBe('needs_verification');
    expect(canMove('paid', CARD_CHECK_STATUS, 'operator')).toBe(true);
    expect(canMove(CARD_CHECK_STATUS, 'processing', 'operator')).toBe(true);
  });
});

describe('takesCardVerification', () => {
  it('fits a direction whose client pays from a bank card only', () => {
    expect(takesCardVerification('card')).toBe(true);
    for (const kind of ['crypto', 'emoney', 'cash', '']) expect(takesCardVerification(kind)).toBe(false);
  });
});
