// The words for each claim status of the one status table (src/domain/claimStatus.ts), and how loudly to show it.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ClaimStatus } from '../../domain/claimStatus.ts';

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, MessageDescriptor> = {
  new: msg`New`,
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  expired: msg`Expired`,
  canceled: msg`Canceled`,
  rejected: msg`Rejected`,
  needs_verification: msg`Needs verification`,
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
};
