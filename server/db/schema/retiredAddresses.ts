// Deposit addresses a restore took out of use: handed out on the database that the backup replaced (or possibly
// handed out, when that database was gone), so never handed out again. A trigger (migration) drops any later insert
// of one into a pool, so loading the same list again after a restore cannot bring it back.
import { pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

export const retiredDepositAddresses = pgTable(
  'retired_deposit_addresses',
  {
    network: varchar('network', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    /** `handed_out`: the replaced database had given it to a claim; `skipped`: retired blind by `restore --skip`. */
    reason: varchar('reason', { length: 16, enum: ['handed_out', 'skipped'] }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.network, table.address] })],
);
