// How many claims are in each status, kept by a trigger on claims (migration "claim_status_counts"), so the
// console's counts and its unfiltered total are a read of a few dozen rows however many claims there are.
import { bigint, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES } from '../../../src/domain/claimStatus.ts';

export const claimStatusCounts = pgTable(
  'claim_status_counts',
  {
    status: varchar('status', { length: 24, enum: CLAIM_STATUSES }).notNull(),
    /**
     * The slot of the connection that made the change (of 64, migration 0034), so concurrent claim inserts do not
     * queue on one row's lock; only the sum over a status's slots means anything (one slot may go negative).
     */
    slot: smallint('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.slot] })],
);
