// The operator alert outbox (server/alerts): one row per alert, written by the scanning job with a dedupe key
// (a condition alerts once while it holds: the key is unique among rows not cleared), sent to Telegram and e-mail
// by a job that leases rows with SKIP LOCKED and stamps them after sending.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ALERT_KINDS, type AlertParams } from '../../alerts/kinds.ts';

export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24, enum: ALERT_KINDS }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    /** Codes, numbers and statuses the message is written from at sending time, in ALERT_LOCALE. */
    params: jsonb('params').$type<AlertParams>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the condition stopped holding (never for event kinds); a cleared unsent alert is dropped. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    telegramSentAt: timestamp('telegram_sent_at', { withTimezone: true }),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    /** Every configured channel has it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not sent: its kind was switched off or its condition cleared first. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('operator_alerts_open_key_unique')
      .on(table.dedupeKey)
      .where(sql`${table.clearedAt} is null`),
    index('operator_alerts_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.droppedAt} is null`),
  ],
);

export type OperatorAlertRow = typeof operatorAlerts.$inferSelect;
