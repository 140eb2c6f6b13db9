// Per-claim crypto deposit addresses: an operator loads a pool per currency, or sets an extended public key from
// which each claim's address is derived (server/payments). An address that ever received anything is never given
// to another claim, so a payment names its claim; derived addresses are never given twice at all.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { currencies } from './calculator.ts';
import { claims } from './claims.ts';
import { depositKeys } from './depositKeys.ts';

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
    /** Something ever arrived at this address (set by the chain watcher); such an address is never handed out again. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The extended public key it was derived from, and its receive index; null for an imported pool address. */
    keyId: integer('key_id').references(() => depositKeys.id),
    derivationIndex: integer('derivation_index'),
  },
  (table) => [
    // Leading with the address: the console's search finds a payment's claim by the address alone.
    uniqueIndex('deposit_addresses_address_unique').on(table.address, table.network),
    uniqueIndex('deposit_addresses_claim_unique').on(table.claimUuid),
    // Free addresses of a currency in loading order: the creating statement's pick and the pool's free count.
    index('deposit_addresses_free_idx').on(table.currencyId, table.id).where(sql`${table.claimUuid} is null`),
    // Pool addresses given to a claim and never paid: the candidates for a second use after a quiet period.
    index('deposit_addresses_reusable_idx')
      .on(table.currencyId, table.id)
      .where(sql`${table.claimUuid} is not null and ${table.receivedAt} is null and ${table.keyId} is null`),
    // A key's addresses in derivation order: the wallet gap since the last paid one.
    uniqueIndex('deposit_addresses_key_index_unique').on(table.keyId, table.derivationIndex),
  ],
);

export type DepositAddressRow = typeof depositAddresses.$inferSelect;
