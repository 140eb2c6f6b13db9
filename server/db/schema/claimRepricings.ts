// The record of a late payment accepted at a new course: what the claim was priced at when created and what it was
// re-priced to when the operator took the payment that arrived after the deadline. A claim is re-priced at most
// once (only an expired claim becomes paid late), so the claim's uuid is the key.
import { numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { claims } from './claims.ts';

export const claimRepricings = pgTable('claim_repricings', {
  claimUuid: uuid('claim_uuid')
    .primaryKey()
    .references(() => claims.uuid, { onDelete: 'cascade' }),
  oldCourse: numeric('old_course').notNull(),
  newCourse: numeric('new_course').notNull(),
  oldToSumma: numeric('old_to_summa').notNull(),
  newToSumma: numeric('new_to_summa').notNull(),
  /** Who re-priced it: the operator's e-mail, or `cli`. */
  actor: text('actor').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClaimRepricingRow = typeof claimRepricings.$inferSelect;
