// The matching rules: what a deposit seen on chain does to its claim, and what a payout transaction found on chain
// means. Pure decision tables; the chain watcher applies them in one transaction per claim, moving the claim through
// the status table like any other move. Amounts are compared exactly (no tolerance): a coin amount is counted in
// the chain's smallest unit, so "almost the amount" is a different amount, and the client was shown exactly one.
import { compare } from './money.ts';
import type { ClaimStatus } from './claimStatus.ts';

export const DEPOSIT_STATUSES = ['seen', 'confirmed', 'dropped'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DEPOSIT_FLAGS = [
  /** Paid more than due: the claim is paid, the excess is the operator's to return. */
  'excess',
  /** Paid less than due: payment_error with the amount (or a flag where the claim had moved on). */
  'short',
  /** Arrived after the claim closed unpaid (expired or canceled): paid_late, the operator re-prices or returns it. */
  'late',
  /** Arrived on a canceled claim, recorded before canceled claims took the late path (paid_late): returned by hand. */
  'after_close',
  /** Another deposit to an address whose claim already counted one: never counted twice. */
  'second',
  /** A counted deposit vanished from the chain (reorganisation). */
  'dropped',
] as const;
export type DepositFlag = (typeof DEPOSIT_FLAGS)[number];

export const PAYOUT_CHECKS = ['pending', 'confirmed', 'mismatch'] as const;
export type PayoutCheck = (typeof PAYOUT_CHECKS)[number];

export interface DepositFacts {
  /** The claim's status when the deposit is decided (the claim row locked). */
  status: ClaimStatus;
  /** What the claim asks the client to send (fromSumma). */
  due: string;
  amount: string;
  confirmations: number;
  /** The currency's required confirmations. */
  required: number;
  /** Another deposit of the same claim is already counted. */
  otherCounted: boolean;
}

export interface DepositDecision {
  /** The deposit becomes the claim's counted one. */
  counts: boolean;
  /** The watcher's move of the claim (allowed to the system by the status table), null for none. */
  move: ClaimStatus | null;
  flag: DepositFlag | null;
}

const WAIT: DepositDecision = { counts: false, move: null, flag: null };

function byAmount(amount: string, due: string): DepositFlag | null {
  const order = compare(amount, due);
  return order < 0 ? 'short' : order > 0 ? 'excess' : null;
}

/**
 * | another deposit counted | confirmations | claim status          | amount vs due | counts | move          | flag        |
 * | yes                     | any           | any                   | any           | no     | —             | second      |
 * | no                      | < required    | any                   | any           | no     | —             | —           |
 * | no                      | ≥ required    | awaiting_payment      | equal         | yes    | paid          | —           |
 * | no                      | ≥ required    | awaiting_payment      | more          | yes    | paid          | excess      |
 * | no                      | ≥ required    | awaiting_payment      | less          | yes    | payment_error | short       |
 * | no                      | ≥ required    | paid (client said so) | less          | yes    | payment_error | short       |
 * | no                      | ≥ required    | paid                  | equal / more  | yes    | —             | — / excess  |
 * | no                      | ≥ required    | expired or canceled   | any           | yes    | paid_late     | late        |
 * | no                      | ≥ required    | any other             | less/eq/more  | yes    | —             | short/—/excess |
 */
export function decideDeposit(facts: DepositFacts): DepositDecision {
  if (facts.otherCounted) return { counts: false, move: null, flag: 'second' };
  if (facts.confirmations < facts.required) return WAIT;
  const flag = byAmount(facts.amount, facts.due);
  switch (facts.status) {
    case 'awaiting_payment':
      return { counts: true, move: flag === 'short' ? 'payment_error' : 'paid', flag };
    case 'paid':
      return { counts: true, move: flag === 'short' ? 'payment_error' : null, flag };
    case 'expired':
    case 'canceled':
      return { counts: true, move: 'paid_late', flag: 'late' };
    default:
      return { counts: true, move: null, flag };
  }
}

/**
 * A counted deposit gone from the chain: the claim the watcher (or the client) declared paid is put on hold for
 * the operator with the reason; further along (processing, completed, a payment error...) it is flagged only,
 * since the operator already acts on it. The deposit stops counting: a replacement may count instead.
 *
 * | claim status | move    | flag    |
 * | paid         | on_hold | dropped |
 * | any other    | —       | dropped |
 */
export function decideDrop(status: ClaimStatus): { move: ClaimStatus | null; flag: DepositFlag } {
  return { move: status === 'paid' ? 'on_hold' : null, flag: 'dropped' };
}

/** The deposit's state as the claim page shows it: seen with n of N confirmations, confirmed, or dropped. */
export function depositStatus(confirmations: number, required: number, onChain: boolean): DepositStatus {
  if (!onChain) return 'dropped';
  return confirmations >= required ? 'confirmed' : 'seen';
}

export interface PayoutFacts {
  /** Found on chain at all (in a block or the mempool). */
  found: boolean;
  /** What it pays the client's address (0 when nothing). */
  amount: string;
  /** The promised payout (toSumma). */
  promised: string;
  confirmations: number;
  required: number;
}

/**
 * | found | pays the client's address | confirmations | check     |
 * | no    | —                         | —             | pending   |
 * | yes   | less or more than toSumma | any           | mismatch  |
 * | yes   | exactly toSumma           | < required    | pending   |
 * | yes   | exactly toSumma           | ≥ required    | confirmed |
 * Only `confirmed` completes the claim; a mismatch is flagged to the operator and the claim stays where it is.
 */
export function checkPayout(facts: PayoutFacts): PayoutCheck {
  if (!facts.found) return 'pending';
  if (compare(facts.amount, facts.promised) !== 0) return 'mismatch';
  return facts.confirmations >= facts.required ? 'confirmed' : 'pending';
}
