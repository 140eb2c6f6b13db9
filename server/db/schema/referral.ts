// Referral earnings: one balance row per user (the row that withdrawals lock), the movement log, and withdrawals.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** RUB with kopecks; a CHECK keeps the balance from ever going negative, whatever the code does. */
export const referralBalances = pgTable(
  'referral_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('referral_balances_not_negative', sql`${table.balance} >= 0`)],
);

export const withdrawals = pgTable(
  'referral_withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    /** Where to pay, as the partner typed it (200 characters at most); sealed under DATA_KEY when it is set. */
    requisites: text('requisites').notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('referral_withdrawals_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Every change of a balance. `reason` is a code the API turns into a sentence in the caller's language;
 * `sourceKey` makes an accrual idempotent (one reward per claim).
 */
export const referralMovements = pgTable(
  'referral_movements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ['deposit', 'withdrawal'] }).notNull(),
    reason: varchar('reason', { length: 32, enum: ['claim_reward', 'withdrawal', 'withdrawal_returned'] }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    reference: text('reference').notNull().default(''),
    sourceKey: varchar('source_key', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The partner's list, newest first: id included so a deep page is found by an index-only scan.
    index('referral_movements_list_idx').on(table.userId, table.createdAt, table.id),
    uniqueIndex('referral_movements_source_unique').on(table.sourceKey),
  ],
);
