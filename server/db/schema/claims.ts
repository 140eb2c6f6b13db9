// Exchange requests (claims) and the log of every status change they went through.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES } from '../../../src/domain/claimStatus.ts';
import { promocodes } from './promocodes.ts';
import { users } from './users.ts';

const ACTORS = ['client', 'operator', 'system'] as const;

export const claims = pgTable(
  'claims',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    status: varchar('status', { length: 24, enum: CLAIM_STATUSES }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** The account the claim belongs to: signed in when created, or registered with the same e-mail. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Created by a signed-in user: only that user may then confirm, cancel or attach a receipt. */
    createdSignedIn: boolean('created_signed_in').notNull().default(false),
    /** SHA-256 of the random capability in the creator's HttpOnly cookie scoped to this claim's API path. */
    capabilityHash: varchar('capability_hash', { length: 64 }),
    // The currencies and the receiving account a claim names are never deleted (triggers refuse it), rather than a
    // foreign key checked, and the row locked, at every claim insert: migration 0046.
    fromCurrencyId: integer('from_currency_id').notNull(),
    toCurrencyId: integer('to_currency_id').notNull(),
    fromSumma: numeric('from_summa').notNull(),
    /** Computed by the server from `course`; the client's figure is never stored. */
    toSumma: numeric('to_summa').notNull(),
    /** The course the claim was created at (promo percent included). */
    course: numeric('course').notNull(),
    /** What this claim holds of its receive currency's reserve: toSumma while open, 0 once released or paid out. */
    hold: numeric('hold').notNull().default('0'),
    withVerificationCourse: boolean('with_verification_course').notNull().default(false),
    fromRequisites: jsonb('from_requisites').$type<Record<string, string>>().notNull(),
    toRequisites: jsonb('to_requisites').$type<Record<string, string>>().notNull(),
    /**
     * Keyed digests of every requisite value (server/claims/requisiteDigests.ts): the console's search compares them,
     * as the values themselves are sealed with a random nonce. Null until computed for a claim stored before them.
     */
    requisiteDigests: text('requisite_digests').array(),
    /** Keyed fingerprint of the sender card (the give side's `card`), matched against approved card verifications. */
    cardFingerprint: varchar('card_fingerprint', { length: 64 }),
    /** The exchanger's account this claim is paid into (cards, SBP, e-money), chosen when it was created. */
    receivingAccountId: integer('receiving_account_id'),
    promocodeId: integer('promocode_id').references(() => promocodes.id, { onDelete: 'set null' }),
    promocode: varchar('promocode', { length: 64 }),
    /** The partner whose referral code brought this claim. */
    referrerId: integer('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    locale: varchar('locale', { length: 2, enum: ['ru', 'en'] })
      .notNull()
      .default('ru'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** The client address the claim was created from: open unpaid claims per address are limited (payments/). */
    clientIp: varchar('client_ip', { length: 45 }),
    reason: text('reason'),
    billUploadedAt: timestamp('bill_uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('claims_status_deadline_idx').on(table.status, table.deadline),
    // The owner's list, newest first: uuid included so a deep page is found by an index-only scan. Guests' claims
    // (most of them) have no owner and no entry: every insert is one index write fewer.
    index('claims_owner_list_idx')
      .on(table.userId, table.createdAt, table.uuid)
      .where(sql`${table.userId} is not null`),
    // A claimant's claims by e-mail, and their open unpaid ones counted before a new claim is created. One index for
    // both: every new claim is unpaid, so a partial index of those took a second write at each insert.
    index('claims_email_status_idx').on(table.email, table.status),
    // Open unpaid claims per client address, counted before a new claim is created.
    index('claims_unpaid_client_ip_idx').on(table.clientIp).where(sql`${table.status} in ('new', 'awaiting_payment')`),
    /** The back office's queue: newest first over every claim. */
    index('claims_created_idx').on(table.createdAt),
    // The queue filtered by status or by direction, newest first, without walking other claims.
    index('claims_status_created_idx').on(table.status, table.createdAt),
    index('claims_direction_created_idx').on(table.fromCurrencyId, table.toCurrencyId, table.createdAt),
    // The queue's search by an exact amount, and by a requisite's digest.
    index('claims_from_summa_idx').on(table.fromSumma),
    index('claims_to_summa_idx').on(table.toSumma),
    index('claims_requisite_digests_idx').using('gin', table.requisiteDigests),
    // Claims whose digests are still to be computed (stored before them): empty once the startup has digested them.
    index('claims_undigested_idx').on(table.uuid).where(sql`${table.requisiteDigests} is null`),
    // Each receiving account's newest claim: when it was last given (the least recently used one goes next, and the
    // consoles show it). Claims paid to an address or fixed details have no entry. Its time is keyed as UTC, an
    // expression no other index holds: on created_at the planner would rather walk the queue's index backwards and
    // filter by account, which reads every claim for an account never given (payments/receivingAccountUse.ts).
    index('claims_receiving_account_idx')
      .on(table.receivingAccountId, sql`(${table.createdAt} at time zone 'UTC')`)
      .where(sql`${table.receivingAccountId} is not null`),
    // A partner's claims; most claims came without a referral code and have no entry.
    index('claims_referrer_idx').on(table.referrerId).where(sql`${table.referrerId} is not null`),
    check('claims_amounts_positive', sql`${table.fromSumma} > 0 and ${table.toSumma} > 0`),
    check('claims_hold_within_payout', sql`${table.hold} >= 0 and ${table.hold} <= ${table.toSumma}`),
  ],
);

export type ClaimRow = typeof claims.$inferSelect;

export const claimEvents = pgTable(
  'claim_events',
  {
    id: serial('id').primaryKey(),
    claimUuid: uuid('claim_uuid')
      .notNull()
      .references(() => claims.uuid, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the event that created the claim. */
    fromStatus: varchar('from_status', { length: 24, enum: CLAIM_STATUSES }),
    toStatus: varchar('to_status', { length: 24, enum: CLAIM_STATUSES }).notNull(),
    actor: varchar('actor', { length: 16, enum: ACTORS }).notNull(),
    note: text('note'),
  },
  (table) => [index('claim_events_claim_idx').on(table.claimUuid, table.at)],
);
