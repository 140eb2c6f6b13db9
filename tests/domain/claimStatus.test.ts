// The claim status table of src/domain/claimStatus.ts: who may move a claim where, and what each move does.
import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  canMove,
  CLAIM_STATUSES,
  isClaimStatus,
  isFinal,
  nextStatuses,
  repricesOnMove,
  settlesHold,
  takesReceipt,
} from '../../src/domain/claimStatus.ts';

describe('the status table', () => {
  it('lets each party make only its own moves', () => {
    expect(nextStatuses('new', 'system')).toEqual(['awaiting_payment']);
    expect(nextStatuses('new', 'client')).toEqual(['canceled']);
    expect(nextStatuses('new', 'operator')).toEqual(['canceled', 'rejected']);
    expect(nextStatuses('awaiting_payment', 'client')).toEqual(['paid', 'canceled']);
    expect(nextStatuses('awaiting_payment', 'operator')).toEqual(['paid', 'expired', 'canceled', 'payment_error']);
    expect(nextStatuses('awaiting_payment', 'system')).toEqual(['paid', 'expired', 'payment_error']);
    expect(nextStatuses('paid', 'operator')).toEqual([
      'processing',
      'rejected',
      'needs_verification',
      'on_hold',
      'returned',
      'payment_error',
    ]);
    expect(nextStatuses('needs_verification', 'operator')).toEqual(['processing', 'rejected', 'returned']);
    expect(nextStatuses('on_hold', 'operator')).toEqual(['processing', 'rejected', 'needs_verification', 'returned']);
    expect(nextStatuses('processing', 'operator')).toEqual(['completed', 'rejected', 'on_hold', 'payout_error']);
    const operatorOnly = ['paid', 'needs_verification', 'on_hold', 'processing', 'expired', 'paid_late', 'payment_error', 'payout_error'] as const;
    for (const from of operatorOnly) expect(nextStatuses(from, 'client')).toEqual([]);
    // The chain watcher's moves: a deposit decided, a counted deposit dropped, a payout found on chain.
    expect(nextStatuses('paid', 'system')).toEqual(['on_hold', 'payment_error']);
    expect(nextStatuses('expired', 'system')).toEqual(['paid_late']);
    expect(nextStatuses('processing', 'system')).toEqual(['completed']);
    for (const from of ['needs_verification', 'on_hold', 'paid_late', 'payment_error', 'payout_error'] as const) {
      expect(nextStatuses(from, 'system')).toEqual([]);
    }
  });

  it('takes a late payment from expired to paid late, then to a re-priced processing or a return', () => {
    expect(nextStatuses('expired', 'operator')).toEqual(['paid_late']);
    expect(nextStatuses('paid_late', 'operator')).toEqual(['processing', 'returned']);
    expect(repricesOnMove('paid_late', 'processing')).toBe(true);
    expect(repricesOnMove('paid', 'processing')).toBe(false);
    expect(repricesOnMove('paid_late', 'returned')).toBe(false);
  });

  it('lets a payment error or a payout error go on to processing or be returned', () => {
    expect(nextStatuses('payment_error', 'operator')).toEqual(['processing', 'returned']);
    expect(nextStatuses('payout_error', 'operator')).toEqual(['processing', 'returned']);
  });

  it('allows nothing out of a final status, and names exactly those final', () => {
    const finals = CLAIM_STATUSES.filter(isFinal);
    expect(finals).toEqual(['completed', 'rejected', 'returned']);
    for (const from of finals) {
      for (const actor of ['client', 'operator', 'system'] as const) expect(nextStatuses(from, actor)).toEqual([]);
    }
    expect(canMove('completed', 'rejected', 'operator')).toBe(false);
    expect(canMove('processing', 'completed', 'operator')).toBe(true);
  });

  it('settles the hold on every final status and on expiry or cancelling, which a late payment may still leave', () => {
    expect(CLAIM_STATUSES.filter(settlesHold)).toEqual(['completed', 'expired', 'canceled', 'rejected', 'returned']);
  });

  it('takes money arriving on a canceled claim the way it takes it on an expired one: paid late, never by the client', () => {
    for (const from of ['expired', 'canceled'] as const) {
      expect(nextStatuses(from, 'system')).toEqual(['paid_late']);
      expect(nextStatuses(from, 'operator')).toEqual(['paid_late']);
      expect(nextStatuses(from, 'client')).toEqual([]);
    }
  });

  it('knows its statuses and which of them await payment', () => {
    expect(isClaimStatus('needs_verification')).toBe(true);
    expect(isClaimStatus('lost')).toBe(false);
    expect(CLAIM_STATUSES.filter(awaitsPayment)).toEqual(['new', 'awaiting_payment']);
  });

  it('takes a receipt only while the claim awaits payment or was reported paid', () => {
    expect(CLAIM_STATUSES.filter(takesReceipt)).toEqual(['new', 'awaiting_payment', 'paid']);
  });
});

describe('the moves of the client, the operator and the system', () => {
  it('lets the client pay or cancel only while the claim awaits payment', () => {
    expect(canMove('awaiting_payment', 'paid', 'client')).toBe(true);
    expect(canMove('awaiting_payment', 'canceled', 'client')).toBe(true);
    expect(canMove('new', 'canceled', 'client')).toBe(true);
    expect(canMove('new', 'paid', 'client')).toBe(false);
    expect(canMove('paid', 'canceled', 'client')).toBe(false);
    expect(nextStatuses('awaiting_payment', 'client')).toEqual(['paid', 'canceled']);
  });

  it('lets the operator take a paid claim through processing to completed, and expire an unpaid one', () => {
    expect(canMove('processing', 'completed', 'operator')).toBe(true);
    expect(canMove('needs_verification', 'processing', 'operator')).toBe(true);
    expect(canMove('awaiting_payment', 'expired', 'system')).toBe(true);
    expect(canMove('awaiting_payment', 'completed', 'operator')).toBe(false);
  });

  it('has final statuses with no way out, and knows which statuses await payment', () => {
    expect(CLAIM_STATUSES.filter(isFinal)).toEqual(['completed', 'rejected', 'returned']);
    for (const status of CLAIM_STATUSES.filter(isFinal)) {
      for (const actor of ['client', 'operator', 'system'] as const) expect(nextStatuses(status, actor)).toEqual([]);
    }
    expect(CLAIM_STATUSES.filter(awaitsPayment)).toEqual(['new', 'awaiting_payment']);
    expect(isClaimStatus('paid')).toBe(true);
    expect(isClaimStatus('lost')).toBe(false);
  });
});
