// Names of claim statuses for the console. A status added to the table later shows under its code until it
// gets a name here, so the console never hides one.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const LABELS: Partial<Record<string, MessageDescriptor>> = {
  new: msg`New`,
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Payment reported`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  expired: msg`Expired`,
  canceled: msg`Canceled`,
  rejected: msg`Rejected`,
  needs_verification: msg`Needs verification`,
  on_hold: msg`On hold`,
  returned: msg`Returned`,
  paid_late: msg`Paid late`,
  payment_error: msg`Payment error`,
  payout_error: msg`Payout error`,
};

export function statusLabel(translate: (descriptor: MessageDescriptor) => string, status: string): string {
  const descriptor = LABELS[status];
  return descriptor ? translate(descriptor) : status;
}
