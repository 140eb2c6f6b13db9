// The words for each claim status of the one status table (src/domain/claimStatus.ts), and how loudly to show it.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ClaimStatus } from '../../domain/claimStatus.ts';

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'claim status' }),
  awaiting_payment: msg({ message: 'Awaiting payment', context: 'claim status' }),
  paid: msg({ message: 'Payment reported', context: 'claim status' }),
  processing: msg({ message: 'Processing', context: 'claim status' }),
  completed: msg({ message: 'Completed', context: 'claim status' }),
  expired: msg({ message: 'Expired', context: 'claim status' }),
  canceled: msg({ message: 'Canceled', context: 'claim status' }),
  rejected: msg({ message: 'Rejected', context: 'claim status' }),
  needs_verification: msg({ message: 'Needs verification', context: 'claim status' }),
  on_hold: msg({ message: 'On hold', context: 'claim status' }),
  returned: msg({ message: 'Returned', context: 'claim status' }),
  paid_late: msg({ message: 'Paid after the deadline', context: 'claim status' }),
  payment_error: msg({ message: 'Payment problem', context: 'claim status' }),
  payout_error: msg({ message: 'Payout problem', context: 'claim status' }),
};

/** Badge colours (text on tint, each ≥ 4.5:1). */
export const CLAIM_STATUS_TONES: Record<ClaimStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  awaiting_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-indigo-100 text-indigo-900',
  processing: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-800',
  canceled: 'bg-slate-200 text-slate-800',
  rejected: 'bg-red-100 text-red-900',
  needs_verification: 'bg-amber-100 text-amber-900',
  on_hold: 'bg-amber-100 text-amber-900',
  returned: 'bg-slate-200 text-slate-800',
  paid_late: 'bg-amber-100 text-amber-900',
  payment_error: 'bg-red-100 text-red-900',
  payout_error: 'bg-red-100 text-red-900',
};
