// How many rows each account has in its long lists, kept by triggers (migration "account_list_counts") on the
// listed tables, so a page's `count` is one primary-key read instead of a count over the account's history.
import { bigint, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Lists that grow without a human step per row (claims, referral rewards); other lists are counted directly. */
export const COUNTED_LISTS = ['claims', 'referral_movements'] as const;
export type CountedList = (typeof COUNTED_LISTS)[number];

export const accountListCounts = pgTable(
  'account_list_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: varchar('list', { length: 32, enum: COUNTED_LISTS }).notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.list] })],
);
