// Wire shapes of the operator back office (/ops-api/v1/), shared by the console and the server.
import * as z from 'zod/mini';
import { CLAIM_STATUSES, type ClaimStatus } from '../../domain/claimStatus.ts';
import type { DepositFlag, DepositStatus, PayoutCheck } from '../../domain/depositMatching.ts';
import type { ClaimRepricing } from './claim.ts';
import { decimal, pageQuery } from './common.ts';
import type { OperatorRole } from '../../domain/operatorRoles.ts';

export const opsSignInRequest = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(12)),
});
export type OpsSignInRequest = z.infer<typeof opsSignInRequest>;

export interface OpsOperator {
  email: string;
  role: OperatorRole;
}

export const opsClaimMoveRequest = z.strictObject({
  status: z.enum(CLAIM_STATUSES),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type OpsClaimMoveRequest = z.infer<typeof opsClaimMoveRequest>;

export const opsReasonRequest = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});
export type OpsReasonRequest = z.infer<typeof opsReasonRequest>;

export const opsClaimsQuery = z.object({
  ...pageQuery.shape,
  status: z.optional(z.enum(CLAIM_STATUSES)),
  /** A direction as FROM-TO currency codes, e.g. BTC-SBERRUB. */
  direction: z.optional(z.string().check(z.regex(/^[A-Z0-9]{2,32}-[A-Z0-9]{2,32}$/))),
  date_from: z.optional(z.iso.date()),
  date_to: z.optional(z.iso.date()),
  /** Number (uuid or its start), e-mail, address or other requisite, or an exact amount. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});
export type OpsClaimsQuery = z.infer<typeof opsClaimsQuery>;

export interface OpsClaimRow {
  uuid: string;
  status: ClaimStatus;
  email: string;
  fromCode: string;
  toCode: string;
  fromSumma: string;
  toSumma: string;
  createdAt: string;
  deadline: string;
}

export interface OpsClaimEvent {
  at: string;
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  actor: string;
  note: string | null;
}

/** A transfer the chain watcher saw paying the claim's address, with what the operator should know of it. */
export interface OpsClaimDeposit {
  txHash: string;
  amount: string;
  confirmations: number;
  required: number;
  status: DepositStatus;
  counted: boolean;
  /** excess, short, late, after_close, second (not counted), dropped (gone from the chain); null when none. */
  flag: DepositFlag | null;
  firstSeenAt: string;
  explorerUrl: string | null;
}

/** The payout transaction the operator recorded and what the chain watcher found of it. */
export interface OpsClaimPayout {
  txHash: string;
  check: PayoutCheck;
  amountSeen: string | null;
  confirmations: number;
  note: string | null;
  recordedAt: string;
  checkedAt: string | null;
  explorerUrl: string | null;
}

/** POST /ops-api/v1/claims/{uuid}/payout/: the transaction the claim was paid out with. */
export const opsClaimPayoutRequest = z.strictObject({ txHash: z.string().check(z.maxLength(200)) });

export interface OpsClaimDetail extends OpsClaimRow {
  course: string;
  withVerificationCourse: boolean;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  promocode: string | null;
  locale: string;
  reason: string | null;
  userId: number | null;
  /** Where the receipt image is (operators only), or null when none was uploaded. */
  receiptUrl: string | null;
  /** Where the client was told to pay: the claim's own address or account, and the payment comment if any. */
  payment: { payTo: { name: string; label: string; value: string }[]; paymentComment: string | null };
  events: OpsClaimEvent[];
  /** The old and new price of a late payment accepted at a new course, and who accepted it; null when none. */
  repricing: (ClaimRepricing & { actor: string }) | null;
  /** While paid late: the course and receive amount a re-price would give now; null otherwise or when untraded. */
  repriceQuote: { course: string; toSumma: string } | null;
  /** The same client's other claims (by account or e-mail), newest first. */
  otherClaims: OpsClaimRow[];
  /** The moves the status table allows an operator from here. */
  moves: ClaimStatus[];
  /** What the chain watcher saw paying the claim's address, oldest first. */
  deposits: OpsClaimDeposit[];
  /** The recorded payout transaction, null when none. */
  payout: OpsClaimPayout | null;
}

/** Claims per status (every status of the table, zero included) and the ones asking for attention. */
export interface OpsClaimCounts {
  byStatus: Record<ClaimStatus, number>;
  /** New and payment-reported claims: what the tab title counts and the sound announces. */
  attention: number;
  /** The newest attention claim's time (ISO), so the console hears of a new one without a list. */
  latestAttentionAt: string | null;
}

export const OPS_VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const opsVerificationsQuery = z.object({
  ...pageQuery.shape,
  status: z.optional(z.enum(OPS_VERIFICATION_STATUSES)),
});

export interface OpsVerification {
  id: number;
  uuid: string;
  status: string;
  email: string;
  cardMasked: string;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  imageUrls: string[];
}

export const opsAuditQuery = z.object({
  ...pageQuery.shape,
  action: z.optional(z.string().check(z.maxLength(64))),
  actor: z.optional(z.string().check(z.maxLength(254))),
  target: z.optional(z.string().check(z.maxLength(128))),
  date_from: z.optional(z.iso.date()),
  date_to: z.optional(z.iso.date()),
});

export interface OpsAuditRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export const opsDirectionUpdate = z.strictObject({
  course: z.optional(decimal),
  verificationCourse: z.optional(z.nullable(decimal)),
  fromMin: z.optional(z.nullable(decimal)),
  fromMax: z.optional(z.nullable(decimal)),
  toMin: z.optional(z.nullable(decimal)),
  toMax: z.optional(z.nullable(decimal)),
  /** False pauses the direction (it leaves the calculator). */
  active: z.optional(z.boolean()),
  /** Pay out only once the sender card is verified (directions whose client gives a card). */
  cardVerification: z.optional(z.boolean()),
});
export type OpsDirectionUpdate = z.infer<typeof opsDirectionUpdate>;

export interface OpsDirection {
  id: number;
  fromCode: string;
  toCode: string;
  course: string;
  verificationCourse: string | null;
  fromMin: string | null;
  fromMax: string | null;
  toMin: string | null;
  toMax: string | null;
  active: boolean;
  /** Paused by the live-rates guard (stale inputs), apart from the operator's own switch. */
  paused: boolean;
  /** A claim is paid out only once its sender card is verified. */
  cardVerification: boolean;
  /** What the client gives (crypto, card, emoney, cash): card verification fits a card only. */
  fromKind: string;
}

/** The new amount and the amount the operator saw (null: no reserve yet): a payout made meanwhile is never erased. */
export const opsReserveUpdate = z.strictObject({ amount: decimal, expected: z.nullable(decimal) });

export interface OpsReserve {
  code: string;
  name: string;
  amount: string;
  /** Promised to open claims. */
  held: string;
  available: string;
}

export const opsContestUpdate = z.strictObject({ active: z.boolean() });

export const OPS_WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;

export const opsWithdrawalsQuery = z.object({
  ...pageQuery.shape,
  status: z.optional(z.enum(OPS_WITHDRAWAL_STATUSES)),
});

export interface OpsWithdrawal {
  id: number;
  email: string;
  amount: string;
  requisites: string;
  status: string;
  createdAt: string;
}

export interface OpsSettings {
  maintenance: OpsMaintenance;
  /** Null when there is no contest at all. */
  contestActive: boolean | null;
}

export const opsMaintenanceUpdate = z.strictObject({
  enabled: z.boolean(),
  messageRu: z.nullable(z.string().check(z.maxLength(1000))),
  messageEn: z.nullable(z.string().check(z.maxLength(1000))),
});
export type OpsMaintenance = z.infer<typeof opsMaintenanceUpdate>;

export const opsPromocodeCreate = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,64}$/)),
  percent: decimal,
  uses: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
  /** Issued to this account; null for a public code. */
  email: z.nullable(z.string().check(z.trim(), z.maxLength(254))),
  /** Lifetime in days; null for none. */
  days: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(3650))),
});
export type OpsPromocodeCreate = z.infer<typeof opsPromocodeCreate>;

export interface OpsPromocode {
  code: string;
  percent: string;
  usesTotal: number;
  usesLeft: number;
  email: string | null;
  expiresAt: string | null;
}
