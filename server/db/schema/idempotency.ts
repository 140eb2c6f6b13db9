// Idempotency keys of claim creation: the first answer to a (client, key) pair, replayed for 24 hours.
import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: `user:<id>` when signed in, else `ip:<client address>`; two clients never share a key. */
    scope: varchar('scope', { length: 80 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the request (path and canonical body): the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
