// A claim as its creating statement writes it: the values the server computed, the statement's parameters built from
// them, and the part of the statement that turns them into the claim's row (shared by the statement of one claim
// and the statement of a batch: creationBatches.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/domain/locale.ts';
import type { PaymentRoute } from '../payments/paymentRoute.ts';
import type { ValueOf } from './asPriced.ts';
import { CREATED_STATUS } from './eventLog.ts';
import type { IdempotencyKey } from './idempotency.ts';

export interface NewClaim {
  email: string;
  /** The signed-in caller; a guest's claim has no owner, whatever e-mail it gives. */
  userId: number | null;
  fromCurrencyId: number;
  toCurrencyId: number;
  fromSumma: string;
  toSumma: string;
  course: string;
  withVerificationCourse: boolean;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  /** What the console's search by requisite compares (requisiteDigests.ts). */
  requisiteDigests: string[];
  cardFingerprint: string | null;
  promocodeId: number | null;
  promocode: string | null;
  referrerId: number | null;
  locale: Locale;
  paymentWindowSeconds: number;
  /** Which payment details the claim is given in its creating statement. */
  paymentRoute: PaymentRoute;
  /** The address derived for it from the coin's key (server/payments), or null: one from the coin's pool. */
  derivedAddressId: number | null;
  /** A pool address whose claim closed unpaid this long ago, nothing ever received, may be given again. */
  addressReuseQuietSeconds: number;
  clientIp: string | null;
  capabilityHash: string | null;
  /** The values the claim was priced from, checked by its statement (stillAsPriced), or null when read just before. */
  asPriced: Record<string, unknown> | null;
}

/**
 * What the creating statement did: the new claim, or why none was made (its pricing no longer holds, no payment
 * details, or no reserve).
 */
export type InsertOutcome =
  | { created: true; uuid: string }
  | { created: false; asPriced: boolean; payable: boolean };

/** The creating statement's values: the claim's, the pricing it checks (asPriced), the Idempotency-Key's. */
export function statementValues(claim: NewClaim, idempotency: IdempotencyKey | null): Record<string, unknown> {
  return {
    ...claim.asPriced,
    derivedAddressId: claim.derivedAddressId,
    fromCurrencyId: claim.fromCurrencyId,
    toCurrencyId: claim.toCurrencyId,
    addressReuseQuietSeconds: claim.addressReuseQuietSeconds,
    email: claim.email,
    userId: claim.userId,
    fromSumma: claim.fromSumma,
    toSumma: claim.toSumma,
    course: claim.course,
    withVerificationCourse: claim.withVerificationCourse,
    fromRequisites: JSON.stringify(claim.fromRequisites),
    toRequisites: JSON.stringify(claim.toRequisites),
    requisiteDigests: claim.requisiteDigests,
    cardFingerprint: claim.cardFingerprint,
    promocodeId: claim.promocodeId,
    promocode: claim.promocode,
    referrerId: claim.referrerId,
    locale: claim.locale,
    paymentWindowSeconds: claim.paymentWindowSeconds,
    signedIn: claim.userId !== null,
    clientIp: claim.clientIp,
    capabilityHash: claim.capabilityHash,
    idempotencyScope: idempotency?.scope ?? '',
    idempotencyKey: idempotency?.key ?? '',
  };
}

/** The SQL types of the values a claim's row is made of (a batch's rows are typed by them). */
export const CLAIM_VALUE_TYPES = {
  email: 'text',
  userId: 'int',
  fromCurrencyId: 'int',
  toCurrencyId: 'int',
  fromSumma: 'numeric',
  toSumma: 'numeric',
  course: 'numeric',
  withVerificationCourse: 'boolean',
  fromRequisites: 'text',
  toRequisites: 'text',
  requisiteDigests: 'text[]',
  cardFingerprint: 'text',
  promocodeId: 'int',
  promocode: 'text',
  referrerId: 'int',
  locale: 'text',
  paymentWindowSeconds: 'int',
  signedIn: 'boolean',
  clientIp: 'text',
  capabilityHash: 'text',
} as const;

/** The columns a new claim is inserted with, in the order of claimRowValues. */
export const CLAIM_COLUMNS = sql.raw(`status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa,
  course, hold, with_verification_course, from_requisites, to_requisites, requisite_digests, card_fingerprint,
  promocode_id, promocode, referrer_id, locale, deadline, created_signed_in, receiving_account_id, client_ip,
  capability_hash`);

/** The status a claim is created in, as a literal of the statement. */
export const createdStatus = sql.raw(`'${CREATED_STATUS}'`);

/** A new claim's row, awaiting payment and holding its payout, from its values and the account it was given. */
export function claimRowValues(value: ValueOf, accountId: SQL): SQL {
  return sql`${createdStatus}, ${value('email')}, ${value('userId')}::int,
    ${value('fromCurrencyId')}, ${value('toCurrencyId')}, ${value('fromSumma')}::numeric, ${value('toSumma')}::numeric,
    ${value('course')}::numeric, ${value('toSumma')}::numeric,
    ${value('withVerificationCourse')}, ${value('fromRequisites')}::jsonb, ${value('toRequisites')}::jsonb,
    ${value('requisiteDigests')}::text[], ${value('cardFingerprint')},
    ${value('promocodeId')}::int, ${value('promocode')}, ${value('referrerId')}::int, ${value('locale')},
    now() + make_interval(secs => ${value('paymentWindowSeconds')}), ${value('signedIn')}, ${accountId},
    ${value('clientIp')}, ${value('capabilityHash')}`;
}

/** What a creating statement answers for one claim: its uuid, else whether its pricing held and it was payable. */
export interface CreatingRow {
  uuid: string | null;
  as_priced: boolean;
  payable: boolean;
}

export function outcomeOf(row: CreatingRow | undefined): InsertOutcome {
  return row?.uuid
    ? { created: true, uuid: row.uuid }
    : { created: false, asPriced: row?.as_priced ?? false, payable: row?.payable ?? false };
}
