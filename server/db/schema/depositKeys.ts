// Extended public keys (xpub/zpub) from which deposit addresses are derived: no private key is ever on the server.
// A key's counter belongs to the key on its network, not to a currency, so ETH and USDT ERC20 set to one key share
// it and never derive the same address twice.
import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { currencies } from './calculator.ts';

export const depositKeys = pgTable(
  'deposit_keys',
  {
    id: serial('id').primaryKey(),
    /** The address rule of the derived addresses (btc, ltc, eth, trc20). */
    network: varchar('network', { length: 16 }).notNull(),
    /** The account-level extended public key as the operator gave it (xpub, zpub, Ltub, …). */
    extendedKey: text('extended_key').notNull(),
    /** The receive index the next claim takes (`update … set next_index = next_index + 1 returning`). */
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deposit_keys_network_key_unique').on(table.network, table.extendedKey)],
);

/** Which key a coin's claims are paid to; a coin without one takes addresses from its imported pool. */
export const currencyDepositKeys = pgTable('currency_deposit_keys', {
  currencyId: integer('currency_id')
    .primaryKey()
    .references(() => currencies.id, { onDelete: 'cascade' }),
  keyId: integer('key_id')
    .notNull()
    .references(() => depositKeys.id),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DepositKeyRow = typeof depositKeys.$inferSelect;
