// The exchanger's own accounts that clients pay roubles into (a card number, an SBP phone, a YooMoney wallet).
// Each claim is given the least recently used active account of its give currency when it is created: "used" is
// read from the claims themselves (their newest with the account, claims_receiving_account_idx), never stamped.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { currencies } from './calculator.ts';

export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    /** Card number, phone or wallet, normalised by the currency's requisite rule (no spaces). */
    number: varchar('number', { length: 64 }).notNull(),
    /** Whose account it is, as the client's bank shows it (a first name, a patronymic and an initial). */
    holder: varchar('holder', { length: 100 }),
    /** The bank an SBP transfer goes to. */
    bank: varchar('bank', { length: 100 }),
    /** A disabled account is given to no new claim; claims that already have it keep showing it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receiving_accounts_number_unique').on(table.currencyId, table.number),
    // The creating statement's pick: a currency's active accounts (a few), each then sorted by its newest claim.
    index('receiving_accounts_active_idx').on(table.currencyId).where(sql`${table.active}`),
  ],
);

export type ReceivingAccountRow = typeof receivingAccounts.$inferSelect;
