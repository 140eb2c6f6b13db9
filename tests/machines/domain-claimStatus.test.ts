import { describe, expect, it } from 'vitest';
import { moveNeedsReason } from '../../src/domain/claimReasons.ts';
import { awaitsPayment, canMove, CLAIM_STATUSES, isClaimStatus, isFinal, nextStatuses } from '../../src/domain/claimStatus.ts';

describe('the status table', () => {
  it('lets each party make only its own moves', () => {
    expect(nextStatuses('new', 'system')).toEqual(['awaiting_payment']);
    expect(nextStatuses('new', 'client')).toEqual(['canceled']);
    expect(nextStatuses('new', 'operator')).toEqual(['canceled', 'rejected']);
    expect(nextStatuses('awaiting_payment', 'client')).toEqual(['paid', 'canceled']);
    expect(nextStatuses('awaiting_payment', 'operator')).toEqual(['paid', 'expired', 'canceled']);
    expect(nextStatuses('awaiting_payment', 'system')).toEqual(['expired']);
    expect(nextStatuses('paid', 'operator')).toEqual(['processing', 'rejected', 'needs_verification', 'on_hold', 'returned']);
    expect(nextStatuses('needs_verification', 'operator')).toEqual(['processing', 'rejected', 'returned']);
    expect(nextStatuses('on_hold', 'operator')).toEqual(['processing', 'rejected', 'returned']);
    expect(nextStatuses('processing', 'operator')).toEqual(['completed', 'rejected', 'on_hold']);
    for (const actor of ['client', 'system'] as const) {
      for (const from of ['paid', 'needs_verification', 'on_hold', 'processing'] as const) expect(nextStatuses(from, actor)).toEqual([]);
    }
  });

  it('allows nothing out of a final status, and names exactly those final', () => {
    const finals = CLAIM_STATUSES.filter(isFinal);
    expect(finals).toEqual(['completed', 'expired', 'canceled', 'rejected', 'returned']);
    for (const from of finals) {
      for (const actor of ['client', 'operator', 'system'] as const) expect(nextStatuses(from, actor)).toEqual([]);
    }
    expect(canMove('completed', 'rejected', 'operator')).toBe(false);
    expect(canMove('processing', 'completed', 'operator')).toBe(true);
  });

  it('knows its statuses and which of them await payment', () => {
    expect(isClaimStatus('needs_verification')).toBe(true);
    expect(isClaimStatus('lost')).toBe(false);
    expect(CLAIM_STATUSES.filter(awaitsPayment)).toEqual(['new', 'awaiting_payment']);
  });
});

describe('moveNeedsReason', () => {
  it('asks a reason for a rejection, a verification request, a hold and a return only', () => {
    expect(CLAIM_STATUSES.filter(moveNeedsReason)).toEqual(['rejected', 'needs_verification', 'on_hold', 'returned']);
  });
});
