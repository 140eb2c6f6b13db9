// What several instances must share to act as one: secrets, rate-limit counters and uploaded files.
import { customType, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { claims } from './claims.ts';

/** Raw bytes (node-postgres hands bytea over as a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Secrets created once when the environment gives none (the token key, the card-fingerprint key): the first
 * instance to start inserts them, every other one reads the same value.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters of rate limits and login throttles: one row per bucket and window, bumped by one
 * upsert, so every instance spends the same budget. Old windows are swept by `purgeRateLimitWindows`.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: varchar('bucket', { length: 400 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] })],
);

/**
 * The payment receipt of a claim, re-encoded: one row per claim, replaced in place, deleted with the claim,
 * so no instance's disk holds a receipt and none can be left behind.
 */
export const claimReceipts = pgTable('claim_receipts', {
  claimUuid: uuid('claim_uuid')
    .primaryKey()
    .references(() => claims.uuid, { onDelete: 'cascade' }),
  mime: varchar('mime', { length: 32 }).notNull(),
  bytes: bytea('bytes').notNull(),
  /** How many times the receipt was sent (a cap keeps one claim from rewriting it without end). */
  uploads: integer('uploads').notNull().default(1),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
