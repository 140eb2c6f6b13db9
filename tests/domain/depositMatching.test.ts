// The matching rules of src/domain/depositMatching.ts, exhaustively: every claim status × confirmations below, at
// and above the requirement × an amount below, equal to and above what is due × another deposit counted or not;
// every move the table answers is one the status table lets the system make.
import { describe, expect, it } from 'vitest';
import { canMove, CLAIM_STATUSES, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import {
  checkPayout,
  decideDeposit,
  decideDrop,
  depositStatus,
  type DepositDecision,
} from '../../src/domain/depositMatching.ts';

const DUE = '0.015';
const AMOUNTS = { less: '0.0149', equal: '0.01500', more: '0.02' } as const;
type Order = keyof typeof AMOUNTS;

/** What the table in the function's comment says, written out independently. */
function expected(status: ClaimStatus, enough: boolean, order: Order, otherCounted: boolean): DepositDecision {
  if (otherCounted) return { counts: false, move: null, flag: 'second' };
  if (!enough) return { counts: false, move: null, flag: null };
  const flag = order === 'less' ? 'short' : order === 'more' ? 'excess' : null;
  if (status === 'awaiting_payment') return { counts: true, move: order === 'less' ? 'payment_error' : 'paid', flag };
  if (status === 'paid') return { counts: true, move: order === 'less' ? 'payment_error' : null, flag };
  if (status === 'expired' || status === 'canceled') return { counts: true, move: 'paid_late', flag: 'late' };
  return { counts: true, move: null, flag };
}

describe('decideDeposit', () => {
  for (const status of CLAIM_STATUSES) {
    it(`decides every deposit on a ${status} claim as the table says`, () => {
      for (const [confirmations, enough] of [
        [0, false],
        [1, false],
        [2, true],
        [7, true],
      ] as const) {
        for (const order of Object.keys(AMOUNTS) as Order[]) {
          for (const otherCounted of [false, true]) {
            const decision = decideDeposit({
              status,
              due: DUE,
              amount: AMOUNTS[order],
              confirmations,
              required: 2,
              otherCounted,
            });
            expect(decision, `${confirmations} conf, ${order}, other counted ${otherCounted}`).toEqual(
              expected(status, enough, order, otherCounted),
            );
            if (decision.move) expect(canMove(status, decision.move, 'system')).toBe(true);
          }
        }
      }
    });
  }

  it('compares amounts exactly: a satoshi short is short, trailing zeros are equal', () => {
    const facts = {
      status: 'awaiting_payment' as const,
      due: '0.015',
      confirmations: 2,
      required: 2,
      otherCounted: false,
    };
    expect(decideDeposit({ ...facts, amount: '0.01499999' }).move).toBe('payment_error');
    expect(decideDeposit({ ...facts, amount: '0.01500001' })).toEqual({ counts: true, move: 'paid', flag: 'excess' });
    expect(decideDeposit({ ...facts, amount: '0.0150' })).toEqual({ counts: true, move: 'paid', flag: null });
  });
});

describe('decideDrop', () => {
  it('holds a paid claim for the operator and only flags any other', () => {
    for (const status of CLAIM_STATUSES) {
      const decision = decideDrop(status);
      expect(decision).toEqual({ move: status === 'paid' ? 'on_hold' : null, flag: 'dropped' });
      if (decision.move) expect(canMove(status, decision.move, 'system')).toBe(true);
    }
  });
});

describe('depositStatus', () => {
  it('is seen below the requirement, confirmed at it, dropped off the chain', () => {
    expect(depositStatus(0, 2, true)).toBe('seen');
    expect(depositStatus(1, 2, true)).toBe('seen');
    expect(depositStatus(2, 2, true)).toBe('confirmed');
    expect(depositStatus(3, 2, true)).toBe('confirmed');
    expect(depositStatus(5, 2, false)).toBe('dropped');
  });
});

describe('checkPayout', () => {
  const base = { found: true, amount: '1.5', promised: '1.5', confirmations: 2, required: 2 };
  it('confirms exactly the promised amount with enough confirmations', () => {
    expect(checkPayout(base)).toBe('confirmed');
    expect(checkPayout({ ...base, amount: '1.50' })).toBe('confirmed');
  });
  it('waits for a transaction not found or with too few confirmations', () => {
    expect(checkPayout({ ...base, found: false, amount: '0' })).toBe('pending');
    expect(checkPayout({ ...base, confirmations: 1 })).toBe('pending');
    expect(checkPayout({ ...base, confirmations: 0 })).toBe('pending');
  });
  it('flags any other amount, whatever its confirmations', () => {
    for (const confirmations of [0, 2]) {
      expect(checkPayout({ ...base, amount: '1.4', confirmations })).toBe('mismatch');
      expect(checkPayout({ ...base, amount: '1.6', confirmations })).toBe('mismatch');
      expect(checkPayout({ ...base, amount: '0', confirmations })).toBe('mismatch');
    }
  });
});
