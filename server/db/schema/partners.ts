// Partners of the partner API (/api/partner/v1/): a key per partner (stored as its SHA-256, shown once), its
// limits, the account its rewards go to, its webhook; the claims it created; the webhook outbox (one row per status
// change of a partner's claim, written by triggers in the transaction of the change) and every delivery attempt.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { claims } from './claims.ts';
import { users } from './users.ts';

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** SHA-256 (hex) of the API key; the key itself is printed once at creation. */
  keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
  /** The key's first characters, to tell keys apart in lists. */
  keyPrefix: varchar('key_prefix', { length: 16 }).notNull(),
  /** The account partner rewards are credited to, like a referrer's; null: none. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  requestsPerMinute: integer('requests_per_minute').notNull().default(120),
  /** Client addresses the key is accepted from; null: any. */
  allowedIps: text('allowed_ips').array(),
  webhookUrl: text('webhook_url'),
  /** HMAC-SHA256 key of the Webhook-Signature header (the server signs with it, so it is kept as is). */
  webhookSecret: text('webhook_secret'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export type PartnerRow = typeof partners.$inferSelect;

/** The claims a partner created: written by a trigger when its Idempotency-Key row records the new claim. */
export const partnerClaims = pgTable(
  'partner_claims',
  {
    claimUuid: uuid('claim_uuid')
      .primaryKey()
      .references(() => claims.uuid, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_claims_partner_idx').on(table.partnerId, table.createdAt)],
);

/** The webhook outbox: delivered at least once, in order per claim, by whichever instance leases the row. */
export const partnerWebhooks = pgTable(
  'partner_webhooks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    claimUuid: uuid('claim_uuid')
      .notNull()
      .references(() => claims.uuid, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 24 }),
    toStatus: varchar('to_status', { length: 24 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** An instance is sending it until then; another may take it after. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up a day after the first attempt; later events of the claim go on. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('partner_webhooks_claim_pending_idx')
      .on(table.claimUuid, table.id)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
    index('partner_webhooks_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
  ],
);

export const partnerWebhookAttempts = pgTable(
  'partner_webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => partnerWebhooks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The receiver's HTTP status; null when no answer came. */
    httpStatus: smallint('http_status'),
    error: text('error'),
  },
  (table) => [index('partner_webhook_attempts_webhook_idx').on(table.webhookId, table.at)],
);
