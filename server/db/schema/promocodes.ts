// Promo codes add a percent to the course of a claim; each has a number of uses taken atomically.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const promocodes = pgTable(
  'promocodes',
  {
    id: serial('id').primaryKey(),
    /** Stored uppercased; codes are matched case-insensitively. */
    code: varchar('code', { length: 64 }).notNull(),
    percent: numeric('percent').notNull(),
    usesTotal: integer('uses_total').notNull(),
    usesLeft: integer('uses_left').notNull(),
    /** The account a code was issued to (shown in its promo-code list); null for a public code. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promocodes_code_unique').on(table.code),
    index('promocodes_user_idx').on(table.userId),
    check('promocodes_uses_left_not_negative', sql`${table.usesLeft} >= 0`),
  ],
);

export type PromocodeRow = typeof promocodes.$inferSelect;

/** One row per use: which claim took a use of which code. */
export const promocodeUses = pgTable(
  'promocode_uses',
  {
    id: serial('id').primaryKey(),
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id, { onDelete: 'cascade' }),
    claimUuid: uuid('claim_uuid').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promocode_uses_claim_unique').on(table.claimUuid),
    index('promocode_uses_code_idx').on(table.promocodeId),
  ],
);
