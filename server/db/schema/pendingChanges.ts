// Four eyes: a change to where clients send money (receiving accounts, deposit keys, address pools) or to a
// formula waits here until a second admin approves it (then it is applied) or rejects it.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

export const pendingChanges = pgTable(
  'pending_changes',
  {
    id: serial('id').primaryKey(),
    /** What applying it does: account.add, account.disable, addresses.import, formula.set, formula.remove... */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What it changes, as the audit log names it: an account id, a currency code, a direction. */
    target: varchar('target', { length: 128 }).notNull(),
    /** Everything needed to apply it, as the proposer sent it. */
    payload: jsonb('payload').notNull(),
    /** What the approver compares: the state when proposed, and what it becomes. */
    before: jsonb('before'),
    after: jsonb('after'),
    proposedBy: integer('proposed_by').references(() => operators.id, { onDelete: 'set null' }),
    proposedByEmail: varchar('proposed_by_email', { length: 254 }).notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => operators.id, { onDelete: 'set null' }),
    decidedByEmail: varchar('decided_by_email', { length: 254 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Null while pending. */
    decision: varchar('decision', { length: 16, enum: ['approved', 'rejected'] }),
  },
  (table) => [index('pending_changes_open_idx').on(table.proposedAt).where(sql`decision is null`)],
);

export type PendingChangeRow = typeof pendingChanges.$inferSelect;
