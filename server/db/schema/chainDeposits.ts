// What the chain watchers saw: every deposit to a claim's address (one row per transaction output or token
// transfer), the payout transaction an operator recorded for a claim, the per-currency confirmation depth, and the
// slot that lets one instance poll per period. A change to a deposit or a payout notifies `claim_changed` with the
// claim's uuid (triggers of migrations 0022 and 0026).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { DEPOSIT_FLAGS, DEPOSIT_STATUSES, PAYOUT_CHECKS } from '../../../src/domain/depositMatching.ts';
import { currencies } from './calculator.ts';
import { claims } from './claims.ts';
import { operators } from './operators.ts';

export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: serial('id').primaryKey(),
    claimUuid: uuid('claim_uuid')
      .notNull()
      .references(() => claims.uuid, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    address: varchar('address', { length: 128 }).notNull(),
    txHash: varchar('tx_hash', { length: 128 }).notNull(),
    /** The output (vout n) of a Bitcoin-like transaction, the log index of a token transfer, 0 for ether and TRON. */
    outputIndex: integer('output_index').notNull(),
    /** In the currency's units (BTC, not satoshi). */
    amount: numeric('amount').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    /** Null while in the mempool. */
    blockHeight: bigint('block_height', { mode: 'number' }),
    blockHash: varchar('block_hash', { length: 128 }),
    /** seen: fewer confirmations than required; confirmed: enough; dropped: gone from the chain (reorganisation). */
    status: varchar('status', { length: 16, enum: DEPOSIT_STATUSES }).notNull(),
    /** This deposit is the one the claim's payment was decided on (never more than one per claim). */
    counted: boolean('counted').notNull().default(false),
    /** What the operator should know: excess, short, late, second deposit, dropped after being counted. */
    flag: varchar('flag', { length: 16, enum: DEPOSIT_FLAGS }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chain_deposits_output_unique').on(table.currencyId, table.txHash, table.outputIndex),
    index('chain_deposits_claim_idx').on(table.claimUuid, table.firstSeenAt),
    uniqueIndex('chain_deposits_counted_unique')
      .on(table.claimUuid)
      .where(sql`${table.counted}`),
    // The deposits each poll still has to decide (confirmed but undecided, or counted and dropped): few, however
    // many deposits the table keeps.
    index('chain_deposits_undecided_idx')
      .on(table.currencyId)
      .where(
        sql`(${table.status} = 'confirmed' and not ${table.counted} and ${table.flag} is null) or (${table.status} = 'dropped' and ${table.counted})`,
      ),
    check('chain_deposits_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type ChainDepositRow = typeof chainDeposits.$inferSelect;

/** The transaction an operator paid a claim out with, and what the watcher found of it on chain. */
export const claimPayouts = pgTable('claim_payouts', {
  claimUuid: uuid('claim_uuid')
    .primaryKey()
    .references(() => claims.uuid, { onDelete: 'cascade' }),
  txHash: varchar('tx_hash', { length: 128 }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  recordedBy: integer('recorded_by').references(() => operators.id, { onDelete: 'set null' }),
  /** pending: not yet found or too few confirmations; confirmed: pays the client's address the promised amount; mismatch. */
  check: varchar('check', { length: 16, enum: PAYOUT_CHECKS }).notNull().default('pending'),
  /** What the transaction pays the client's address, once found. */
  amountSeen: numeric('amount_seen'),
  confirmations: integer('confirmations').notNull().default(0),
  note: text('note'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

/** Confirmations a deposit needs before it counts, per currency; a currency without a row uses its chain's default. */
export const chainConfirmations = pgTable(
  'chain_confirmations',
  {
    currencyId: integer('currency_id')
      .primaryKey()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    confirmations: integer('confirmations').notNull(),
  },
  (table) => [check('chain_confirmations_positive', sql`${table.confirmations} >= 1`)],
);

/** One row per watched chain: the period slot (one instance polls per period) and how far a block scan has read. */
export const chainWatchSlots = pgTable('chain_watch_slots', {
  chain: varchar('chain', { length: 16 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** Failures in a row: the next run waits longer (back-off); 0 after a success. */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  /** Highest block a scanning adapter has read (ether); null for the others. */
  scannedHeight: bigint('scanned_height', { mode: 'number' }),
});
