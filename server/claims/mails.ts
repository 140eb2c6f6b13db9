// The mails a client gets about a claim, in the claim's language, each with the link back to the claim page:
// created (number, amounts, course, where and how to pay, deadline) and one per status it reaches afterwards.
import { moveNeedsReason } from '../../src/domain/claimReasons.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { formatAmount } from '../../src/domain/money.ts';
import type { ClaimStatus } from '../../src/domain/claimStatus.ts';
import type { CurrencyRow } from '../db/schema/calculator.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import type { Catalog } from '../catalogue/catalog.ts';
import type { ClaimPaymentDetails } from '../payments/details.ts';
import type { Locale } from '../../src/domain/locale.ts';
import type { Text } from '../i18n/text.ts';
import { translate } from '../i18n/translate.ts';
import type { OutgoingMail } from '../mail/send.ts';

/** Statuses that tell the client nothing new (the claim is being set up) send no mail. */
const SILENT: readonly ClaimStatus[] = ['new', 'awaiting_payment'];

/** Whether reaching `status` owes the client a mail. */
export function mailsClient(status: ClaimStatus): boolean {
  return !SILENT.includes(status);
}

interface Wording {
  subject: Text;
  lead: Text;
}

/** {n} is the claim number. */
const MOVED: Record<Exclude<ClaimStatus, 'new' | 'awaiting_payment'>, Wording> = {
  paid: {
    subject: /*i18n*/ { id: 'claims.mailPaid.subject', message: 'Request {n}: payment reported' },
    lead: /*i18n*/ {
      id: 'claims.mailPaid.lead',
      message: 'You reported that request {n} is paid. The operator will check that the payment has arrived; the payment details stay on the request page.',
    },
  },
  processing: {
    subject: /*i18n*/ { id: 'claims.mailProcessing.subject', message: 'Request {n}: payment received' },
    lead: /*i18n*/ {
      id: 'claims.mailProcessing.lead',
      message: 'The payment for request {n} has arrived. We are sending your money.',
    },
  },
  completed: {
    subject: /*i18n*/ { id: 'claims.mailCompleted.subject', message: 'Request {n} completed' },
    lead: /*i18n*/ {
      id: 'claims.mailCompleted.lead',
      message: 'The exchange of request {n} is complete: the money has been sent to your details.',
    },
  },
  rejected: {
    subject: /*i18n*/ { id: 'claims.mailRejected.subject', message: 'Request {n} rejected' },
    lead: /*i18n*/ {
      id: 'claims.mailRejected.lead',
      message: 'Request {n} has been rejected by the operator.',
    },
  },
  expired: {
    subject: /*i18n*/ { id: 'claims.mailExpired.subject', message: 'Request {n}: payment time expired' },
    lead: /*i18n*/ {
      id: 'claims.mailExpired.lead',
      message: 'The waiting time for payment of request {n} has expired. If you still want to exchange, create a new request. If you have already sent the payment, contact support.',
    },
  },
  canceled: {
    subject: /*i18n*/ { id: 'claims.mailCanceled.subject', message: 'Request {n} canceled' },
    lead: /*i18n*/ {
      id: 'claims.mailCanceled.lead',
      message: 'Request {n} has been canceled. No money was taken.',
    },
  },
  on_hold: {
    subject: /*i18n*/ { id: 'claims.mailOnHold.subject', message: 'Request {n} on hold' },
    lead: /*i18n*/ {
      id: 'claims.mailOnHold.lead',
      message: 'The operator has put request {n} on hold for a check. We will write to you when the check is over.',
    },
  },
  returned: {
    subject: /*i18n*/ { id: 'claims.mailReturned.subject', message: 'Request {n}: payment returned' },
    lead: /*i18n*/ {
      id: 'claims.mailReturned.lead',
      message: 'Your payment for request {n} has been returned.',
    },
  },
  paid_late: {
    subject: /*i18n*/ { id: 'claims.mailPaidLate.subject', message: 'Request {n}: payment arrived late' },
    lead: /*i18n*/ {
      id: 'claims.mailPaidLate.lead',
      message: 'The payment for request {n} arrived after the request had closed (its waiting time had expired or it was canceled). The operator will either recalculate the exchange at the current rate or return the payment; we will write to you about the decision.',
    },
  },
  payment_error: {
    subject: /*i18n*/ { id: 'claims.mailPaymentError.subject', message: 'Request {n}: a problem with the payment' },
    lead: /*i18n*/ {
      id: 'claims.mailPaymentError.lead',
      message: 'There is a problem with the payment for request {n}. The operator will either continue the exchange or return the payment.',
    },
  },
  payout_error: {
    subject: /*i18n*/ { id: 'claims.mailPayoutError.subject', message: 'Request {n}: the payout failed' },
    lead: /*i18n*/ {
      id: 'claims.mailPayoutError.lead',
      message: 'We could not send the money for request {n}. The operator will send it again or return your payment.',
    },
  },
  needs_verification: {
    subject: /*i18n*/ { id: 'claims.mailNeedsVerification.subject', message: 'Request {n}: verification needed' },
    lead: /*i18n*/ {
      id: 'claims.mailNeedsVerification.lead',
      message: 'Before paying out request {n} we need to verify your card or identity. The operator will contact you.',
    },
  },
};

const CREATED: Wording = {
  subject: /*i18n*/ { id: 'claims.mailCreated.subject', message: 'Request {n} created' },
  lead: /*i18n*/ {
    id: 'claims.mailCreated.lead',
    message: 'You have created exchange request {n}.',
  },
};

/** The move to processing of a late payment: accepted at the course of that moment. */
const REPRICED: Wording = {
  subject: /*i18n*/ { id: 'claims.mailRepriced.subject', message: 'Request {n} recalculated at the current rate' },
  lead: /*i18n*/ {
    id: 'claims.mailRepriced.lead',
    message: 'The payment for request {n} arrived after the deadline. We have accepted it and recalculated the exchange at the rate of that moment; your money is on its way.',
  },
};

/** The mail's labels and closing lines. */
const WORDS = {
  give: /*i18n*/ { id: 'claims.mailWords.give', message: 'You give' },
  receive: /*i18n*/ { id: 'claims.mailWords.receive', message: 'You receive' },
  course: /*i18n*/ { id: 'claims.mailWords.course', message: 'Rate' },
  newCourse: /*i18n*/ { id: 'claims.mailWords.newCourse', message: 'New rate' },
  payTo: /*i18n*/ { id: 'claims.mailWords.payTo', message: 'Where to pay' },
  paymentComment: /*i18n*/ { id: 'claims.mailWords.paymentComment', message: 'Payment comment (required)' },
  deadline: /*i18n*/ { id: 'claims.mailWords.deadline', message: 'Pay before' },
  reason: /*i18n*/ { id: 'claims.mailWords.reason', message: 'Reason' },
  open: /*i18n*/ { id: 'claims.mailWords.open', message: 'Open the request' },
  tail: /*i18n*/ { id: 'claims.mailWords.tail', message: 'The link opens the request page with its status and history.' },
} satisfies Record<string, Text>;

function wordsIn(locale: Locale): Record<keyof typeof WORDS, string> {
  const entries = Object.entries(WORDS).map(([key, text]) => [key, translate(locale, text)]);
  return Object.fromEntries(entries) as Record<keyof typeof WORDS, string>;
}

export function claimLink(publicUrl: string, locale: Locale, uuid: string): string {
  return `${publicUrl}${locale === 'en' ? '/en' : ''}/claim/${uuid}`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function amount(value: string, currency: CurrencyRow | undefined, locale: Locale): string {
  return `${formatAmount(value, locale === 'en' ? 'en-US' : 'ru-RU')} ${currency?.unit ?? ''}`.trim();
}

/** Deadlines in Moscow time, as the site's course line shows times. */
function moscowTime(at: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    timeZone: 'Europe/Moscow',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  return translate(locale, /*i18n*/ { id: 'claims.mailWords.moscowTime', message: '{time} MSK', values: { time: text } });
}

/** What one outbox row asks for: the creation mail, or the move to `status` with the reason it left. */
export interface ClaimMailSubject {
  status: ClaimStatus;
  announcesCreation: boolean;
  announcesRepricing: boolean;
  reason: string | null;
}

/** Label/value lines of the mail body beside its lead. */
function factsOf(
  claim: ClaimRow,
  catalog: Catalog,
  about: ClaimMailSubject,
  locale: Locale,
  payment: ClaimPaymentDetails | null,
): [string, string][] {
  const created = about.announcesCreation;
  const words = wordsIn(locale);
  const from = catalog.currencyById.get(claim.fromCurrencyId);
  const to = catalog.currencyById.get(claim.toCurrencyId);
  const facts: [string, string][] = [
    [words.give, amount(claim.fromSumma, from, locale)],
    [words.receive, amount(claim.toSumma, to, locale)],
  ];
  if (created) {
    facts.push([words.course, `1 ${from?.unit ?? ''} = ${amount(claim.course, to, locale)}`]);
    for (const line of payment?.payTo ?? []) facts.push([`${words.payTo}: ${translate(locale, line.label)}`, line.value]);
    if (payment?.paymentComment) facts.push([words.paymentComment, payment.paymentComment]);
    facts.push([words.deadline, moscowTime(claim.deadline, locale)]);
  }
  // The claim holds the new course and amount: it is re-priced once at most.
  if (about.announcesRepricing) facts.push([words.newCourse, `1 ${from?.unit ?? ''} = ${amount(claim.course, to, locale)}`]);
  if (moveNeedsReason(about.status) && about.reason) facts.push([words.reason, about.reason]);
  return facts;
}

/** The mail for a claim that was just created or reached a status, in the claim's language. */
export function claimMail(
  claim: ClaimRow,
  catalog: Catalog,
  about: ClaimMailSubject,
  publicUrl: string,
  /** Where this claim is paid: told in the creation mail. */
  payment: ClaimPaymentDetails | null,
): OutgoingMail {
  const { status, announcesCreation: created } = about;
  const locale: Locale = claim.locale === 'en' ? 'en' : 'ru';
  const wording = created
    ? CREATED
    : about.announcesRepricing
      ? REPRICED
      : MOVED[status as keyof typeof MOVED];
  const values = { n: claimNumber(claim.uuid) };
  const subject = translate(locale, { ...wording.subject, values });
  const lead = translate(locale, { ...wording.lead, values });
  const link = claimLink(publicUrl, locale, claim.uuid);
  const facts = factsOf(claim, catalog, about, locale, payment);
  const words = wordsIn(locale);
  const text = [lead, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${words.open}: ${link}`, '', words.tail, ''].join('\n');
  const html =
    `<p>${escapeHtml(lead)}</p>` +
    `<table>${facts.map(([label, value]) => `<tr><td style="color:#555;padding-right:12px">${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`).join('')}</table>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>` +
    `<p style="color:#555">${escapeHtml(words.tail)}</p>`;
  const kind = created ? 'claim_created' : about.announcesRepricing ? 'claim_repriced' : `claim_${status}`;
  return { kind, locale, to: claim.email, subject, text, html, link };
}
