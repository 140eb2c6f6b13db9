// The claim mail outbox: a row per mail the client is owed, written in the same transaction as the claim change
// it reports, so a rolled-back change owes nothing and a committed one is never lost. A job leases, sends and
// stamps them (server/claims/mailOutbox.ts).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES } from '../../../src/domain/claimStatus.ts';
import { claims } from './claims.ts';

export const claimMails = pgTable(
  'claim_mails',
  {
    id: serial('id').primaryKey(),
    claimUuid: uuid('claim_uuid')
      .notNull()
      .references(() => claims.uuid, { onDelete: 'cascade' }),
    /** The status the claim reached (its creation is `awaiting_payment` with no previous status). */
    status: varchar('status', { length: 24, enum: CLAIM_STATUSES }).notNull(),
    /** The mail that announces a new claim (rather than a move to `status`). */
    announcesCreation: boolean('announces_creation').notNull().default(false),
    /** The mail that tells a late payment was accepted at a new course (the move to `processing` from paid late). */
    announcesRepricing: boolean('announces_repricing').notNull().default(false),
    /** The claim's reason as the move left it (a later move may replace it before this mail is sent). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When a failed send may be tried again. */
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Until when an instance holds this mail to send it (taken in a short statement, sent with no transaction
     * open, then stamped); other instances skip it meanwhile, and once it passes (the sender died) it is due again.
     */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (table) => [
    index('claim_mails_due_idx').on(table.retryAt).where(sql`${table.sentAt} is null`),
    index('claim_mails_claim_idx').on(table.claimUuid),
  ],
);
