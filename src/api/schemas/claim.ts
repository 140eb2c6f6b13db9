import * as z from 'zod/mini';
import { CLAIM_STATUSES } from '../../domain/claimStatus.ts';
import { DEPOSIT_STATUSES } from '../../domain/depositMatching.ts';
import { currency } from './calculator.ts';
import { decimal, isoDateTime } from './common.ts';

export const claimStatus = z.enum(CLAIM_STATUSES);

const requisites = z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(200)));

/** POST /api/v1/claim/. The server recomputes toSumma and ignores the client's value. */
export const createClaimRequest = z.strictObject({
  email: z.string().check(z.maxLength(254)),
  fromPs: z.number().check(z.int()),
  toPs: z.number().check(z.int()),
  fromSumma: z.string().check(z.maxLength(40)),
  toSumma: z.optional(z.string().check(z.maxLength(40))),
  fromRequisites: requisites,
  toRequisites: requisites,
  recaptcha: z.optional(z.string().check(z.maxLength(4096))),
  withVerificationCourse: z.boolean(),
  refferal: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  promocode: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  /** The course the client showed: when the server's has moved since, the claim is refused (409 course_changed). */
  expectedCourse: z.optional(z.string().check(z.maxLength(40))),
});
export type CreateClaimRequest = z.infer<typeof createClaimRequest>;

export const createClaimResponse = z.object({ uuid: z.string() });

/**
 * A transfer the chain watcher saw paying the claim's address: seen with `confirmations` of `required`, then
 * confirmed (it counts), or dropped by the chain (a reorganisation).
 */
export const claimDeposit = z.object({
  txHash: z.string(),
  amount: decimal,
  confirmations: z.number(),
  required: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  /** The deposit the claim's payment was decided on (a second one to the same address does not count). */
  counted: z.boolean(),
  firstSeenAt: isoDateTime,
  /** The transaction on a block explorer, null when none is known for the coin. */
  explorerUrl: z.nullable(z.string()),
});
export type ClaimDeposit = z.infer<typeof claimDeposit>;

const claimSide = z.object({ currency, summa: decimal, requisites: z.record(z.string(), z.string()) });

/**
 * How a claim's course was formed (rate monitors require it on the order page): set by the operator, or computed
 * by a formula from market quotes (with the moment they were read); fixed until the payment deadline; how many
 * network confirmations the deposit needs (null: not a coin).
 */
export const rateReceipt = z.object({
  course: decimal,
  source: z.enum(['operator', 'formula']),
  /** The formula over `source:SYMBOL` quotes, when the course follows the market. */
  formula: z.nullable(z.string()),
  quotes: z.array(z.object({ symbol: z.string(), price: decimal })),
  /** When the quotes were read (the course computed from them). */
  quotedAt: z.nullable(isoDateTime),
  /** A promo code's percent added to the course, if any. */
  promoPercent: z.nullable(decimal),
  fixedUntil: isoDateTime,
  confirmations: z.nullable(z.number()),
});
export type RateReceipt = z.infer<typeof rateReceipt>;

/** GET /api/v1/claim/{uuid}/form/. */
export const claimForm = z.object({
  uuid: z.string(),
  status: claimStatus,
  email: z.string(),
  from: claimSide,
  to: claimSide,
  course: decimal,
  withVerificationCourse: z.boolean(),
  promocode: z.nullable(z.string()),
  createdAt: isoDateTime,
  deadline: isoDateTime,
  serverTime: isoDateTime,
  /**
   * The caller created the claim (its browser holds the claim's capability cookie, or it signs in as the owner): the
   * requisites come in full; otherwise cards, names and phones are masked.
   */
  owner: z.boolean(),
  /** What the chain watcher saw paying the claim's address, oldest first (empty for coins watched by nobody). */
  deposits: z.optional(z.array(claimDeposit)),
  /** How the course was formed and for how long it is fixed. */
  rateReceipt: z.optional(rateReceipt),
});
export type ClaimForm = z.infer<typeof claimForm>;

/** GET /api/v1/claim/{uuid}/requisite/: where and how to pay. */
export const claimRequisite = z.object({
  currency,
  summa: decimal,
  payTo: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  /** Text encoded in the QR code for crypto payments (e.g. a `bitcoin:` URI), or null. */
  qr: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** Card, SBP and e-money: the claim number, to be written as the transfer's comment; null when not needed. */
  paymentComment: z.nullable(z.string()),
});
export type ClaimRequisite = z.infer<typeof claimRequisite>;

/** A late payment accepted at the course of its moment: the claim's price before and after. */
export const claimRepricing = z.object({
  oldCourse: decimal,
  newCourse: decimal,
  oldToSumma: decimal,
  newToSumma: decimal,
  at: isoDateTime,
});
export type ClaimRepricing = z.infer<typeof claimRepricing>;

/** GET /api/v1/claim/{uuid}/status/ and the answer of POST .../confirm/. */
export const claimStatusResponse = z.object({
  status: claimStatus,
  deadline: isoDateTime,
  serverTime: isoDateTime,
  reason: z.nullable(z.string()),
  billUploaded: z.boolean(),
  /** Every status the claim reached, oldest first, with when (the claim's event log). */
  history: z.array(z.object({ status: claimStatus, at: isoDateTime })),
  /** Set once a late payment was accepted at a new course (the claim's course and amount are the new ones). */
  repricing: z.nullable(claimRepricing),
  /**
   * Set while the claim waits for its sender card's verification (its direction requires one): the uuid of the
   * owner's verification to complete (/verification/{uuid}), null when the claim has no account yet.
   */
  cardVerification: z.optional(z.nullable(z.object({ verification: z.nullable(z.string()) }))),
  /** What the chain watcher saw paying the claim's address, oldest first. */
  deposits: z.optional(z.array(claimDeposit)),
  /**
   * The caller created the claim and may confirm, cancel or attach a receipt (anyone else with the link only looks).
   * Answered with every status, so a page rendered by the server (which cannot know) learns it on its first read.
   */
  mayChange: z.boolean(),
});
export type ClaimStatusResponse = z.infer<typeof claimStatusResponse>;

/** GET /api/v1/claim/captchacheck. */
export const captchaCheckResponse = z.object({ enabled: z.boolean(), siteKey: z.nullable(z.string()) });

/** POST /api/v1/claim/{uuid}/bill/ (multipart field `file`). */
export const billResponse = z.object({ detail: z.string() });

/** One row of GET /api/v1/users/me/claims/. */
export const claimListItem = z.object({
  uuid: z.string(),
  status: claimStatus,
  from: z.object({ currency, summa: decimal }),
  to: z.object({ currency, summa: decimal }),
  createdAt: isoDateTime,
});
export type ClaimListItem = z.infer<typeof claimListItem>;
