// What each claim status means for the client, in a sentence under the status badge.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ClaimStatus } from '../../domain/claimStatus.ts';

export const CLAIM_STATUS_EXPLANATIONS: Record<ClaimStatus, MessageDescriptor> = {
  new: msg`The claim has been created and is being prepared for payment.`,
  awaiting_payment: msg`Send the payment to the details below before the time runs out, then press "I have paid".`,
  paid: msg`We have your confirmation and are waiting for the payment to arrive.`,
  processing: msg`The payment has arrived. We are sending your money.`,
  completed: msg`The exchange is complete. The money has been sent to your details.`,
  expired: msg`The waiting time for payment has expired. If you still want to exchange, please create a new application.`,
  canceled: msg`The claim has been canceled. No money was taken.`,
  rejected: msg`The claim has been rejected.`,
  needs_verification: msg`We need to verify your card or identity before paying out. Our operator will contact you by e-mail.`,
  on_hold: msg`Our operator has put the exchange on hold for a check. The reason is below; we will write to you by e-mail.`,
  returned: msg`Your payment has been returned. The refund details are below.`,
  paid_late: msg`Your payment arrived after the deadline. Our operator will either recalculate the exchange at the current rate or return the payment; we will write to you by e-mail.`,
  payment_error: msg`There is a problem with your payment. The reason is below; our operator will either continue the exchange or return the payment.`,
  payout_error: msg`We could not send your money. The reason is below; our operator will send it again or return your payment.`,
};

/** Words for the requisite names the claim form returns. */
export const REQUISITE_LABELS: Record<string, MessageDescriptor> = {
  card: msg`Card number`,
  name: msg`Full name`,
  address: msg`Wallet address`,
  phone: msg`Phone`,
  bank: msg`Bank`,
  wallet: msg`Wallet`,
  memo: msg`Comment (memo)`,
};
