// Per-claim crypto deposit addresses: an operator loads a pool per currency, and the statement that creates a
// claim takes one free address for it. An address is given to one claim only, ever, so a payment names its claim.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { currencies } from './calculator.ts';
import { claims } from './claims.ts';

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    /**
     * The address rule it was checked with at import (btc, eth, trc20, ltc, ton): one chain's address is unique
     * across every pool on that chain, so ETH and USDT ERC20 never hand out the same address.
     */
    network: varchar('network', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    /** The claim that was given this address; null while it is free. */
    claimUuid: uuid('claim_uuid').references(() => claims.uuid, { onDelete: 'cascade' }),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    // Leading with the address: the console's search finds a payment's claim by the address alone.
    uniqueIndex('deposit_addresses_address_unique').on(table.address, table.network),
    uniqueIndex('deposit_addresses_claim_unique').on(table.claimUuid),
    // Free addresses of a currency in loading order: the creating statement's pick and the pool's free count.
    index('deposit_addresses_free_idx').on(table.currencyId, table.id).where(sql`${table.claimUuid} is null`),
  ],
);

export type DepositAddressRow = typeof depositAddresses.$inferSelect;
