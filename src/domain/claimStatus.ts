// The one table of claim statuses and the moves allowed between them, for the browser and the server alike.

export const CLAIM_STATUSES = [
  'new',
  'awaiting_payment',
  'paid',
  'processing',
  'completed',
  'expired',
  'canceled',
  'rejected',
  'needs_verification',
  /** The operator stopped the claim for a check (AML, the sender's identity); the reason is shown to the client. */
  'on_hold',
  /** The client's payment was sent back (refund); the refund details are the reason. */
  'returned',
  /** Money arrived after the claim expired or was canceled: the operator re-prices it at the current course or returns it. */
  'paid_late',
  /** The client's payment is wrong (another amount or network, cannot be identified); the reason says how. */
  'payment_error',
  /** Our payout failed; the reason says why. The operator retries it or returns the payment. */
  'payout_error',
] as const;

export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export type ClaimActor = 'client' | 'operator' | 'system';

const TRANSITIONS: Record<ClaimStatus, Partial<Record<ClaimStatus, readonly ClaimActor[]>>> = {
  new: { awaiting_payment: ['system'], canceled: ['client', 'operator'], rejected: ['operator'] },
  // The system's payment moves are the chain watcher's (src/domain/depositMatching.ts).
  awaiting_payment: {
    paid: ['client', 'operator', 'system'],
    expired: ['system', 'operator'],
    canceled: ['client', 'operator'],
    payment_error: ['operator', 'system'],
  },
  paid: {
    processing: ['operator'],
    needs_verification: ['operator'],
    // The system holds a claim whose counted deposit a chain reorganisation dropped.
    on_hold: ['operator', 'system'],
    rejected: ['operator'],
    returned: ['operator'],
    payment_error: ['operator', 'system'],
  },
  needs_verification: { processing: ['operator'], rejected: ['operator'], returned: ['operator'] },
  on_hold: { processing: ['operator'], needs_verification: ['operator'], rejected: ['operator'], returned: ['operator'] },
  // The system completes a claim whose recorded payout the chain watcher found paying the promised amount.
  processing: { completed: ['operator', 'system'], on_hold: ['operator'], rejected: ['operator'], payout_error: ['operator'] },
  // The move to processing re-prices the claim at the current course (repricesOnMove).
  paid_late: { processing: ['operator'], returned: ['operator'] },
  payment_error: { processing: ['operator'], returned: ['operator'] },
  payout_error: { processing: ['operator'], returned: ['operator'] },
  completed: {},
  /** Money may still arrive after the deadline, or after the client canceled (a transfer already on its way). */
  expired: { paid_late: ['operator', 'system'] },
  canceled: { paid_late: ['operator', 'system'] },
  rejected: {},
  returned: {},
};

export function isClaimStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: ClaimStatus, to: ClaimStatus, actor: ClaimActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

export function nextStatuses(from: ClaimStatus, actor: ClaimActor): ClaimStatus[] {
  return CLAIM_STATUSES.filter((to) => canMove(from, to, actor));
}

export function isFinal(status: ClaimStatus): boolean {
  return Object.keys(TRANSITIONS[status]).length === 0;
}

/** Closed unpaid, yet not final: money may still arrive, and it takes the late-payment path (paid_late). */
export function closedUnpaid(status: ClaimStatus): boolean {
  return status === 'expired' || status === 'canceled';
}

/**
 * Reaching it ends the claim's hold on the reserve (released, or paid out on completion). An expired or canceled
 * claim is not final (money may still arrive late) but holds nothing: a late payment takes a new hold when it is
 * re-priced.
 */
export function settlesHold(status: ClaimStatus): boolean {
  return closedUnpaid(status) || isFinal(status);
}

/**
 * A late payment continues at the course of the moment it is accepted, not the one the claim was created at: the
 * move takes the course, the receive amount and the reserve hold anew.
 */
export function repricesOnMove(from: ClaimStatus, to: ClaimStatus): boolean {
  return from === 'paid_late' && to === 'processing';
}

/** Statuses in which the client is still expected to pay. */
export function awaitsPayment(status: ClaimStatus): boolean {
  return status === 'new' || status === 'awaiting_payment';
}

/** Statuses that take a payment receipt: the client is expected to pay or has reported paying. */
export const RECEIPT_STATUSES: readonly ClaimStatus[] = CLAIM_STATUSES.filter((status) => awaitsPayment(status) || status === 'paid');

/** Whether a payment receipt may be attached in this status: the server refuses it otherwise, the page offers none. */
export function takesReceipt(status: ClaimStatus): boolean {
  return RECEIPT_STATUSES.includes(status);
}
