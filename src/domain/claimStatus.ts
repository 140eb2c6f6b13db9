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
] as const;

export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export type ClaimActor = 'client' | 'operator' | 'system';

const TRANSITIONS: Record<ClaimStatus, Partial<Record<ClaimStatus, readonly ClaimActor[]>>> = {
  new: { awaiting_payment: ['system'], canceled: ['client', 'operator'], rejected: ['operator'] },
  awaiting_payment: {
    paid: ['client', 'operator'],
    expired: ['system', 'operator'],
    canceled: ['client', 'operator'],
  },
  paid: {
    processing: ['operator'],
    needs_verification: ['operator'],
    on_hold: ['operator'],
    rejected: ['operator'],
    returned: ['operator'],
  },
  needs_verification: { processing: ['operator'], rejected: ['operator'], returned: ['operator'] },
  on_hold: { processing: ['operator'], needs_verification: ['operator'], rejected: ['operator'], returned: ['operator'] },
  processing: { completed: ['operator'], on_hold: ['operator'], rejected: ['operator'] },
  completed: {},
  expired: {},
  canceled: {},
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

/** Statuses in which the client is still expected to pay. */
export function awaitsPayment(status: ClaimStatus): boolean {
  return status === 'new' || status === 'awaiting_payment';
}
