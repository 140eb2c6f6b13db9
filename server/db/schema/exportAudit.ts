// The monitors' export checks every item against what a claim would be priced at when the file is built
// (server/export/audit.ts): an item that disagrees is withheld, and stays here, open, until it agrees again. The
// console lists the open rows; operator alerts pick them up.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { directions } from './calculator.ts';

export const EXPORT_WITHHELD_REASONS = ['course', 'limits', 'reserve'] as const;
export type ExportWithheldReason = (typeof EXPORT_WITHHELD_REASONS)[number];

export const exportWithheld = pgTable(
  'export_withheld',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    directionId: integer('direction_id')
      .notNull()
      .references(() => directions.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 16, enum: EXPORT_WITHHELD_REASONS }).notNull(),
    /** Plain operator-facing words: what the export would have said and what a claim is priced at. */
    detail: text('detail').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the item agreed again and was published; null while it is withheld. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('export_withheld_open_unique')
      .on(table.directionId)
      .where(sql`${table.resolvedAt} is null`),
    index('export_withheld_first_seen_idx').on(table.firstSeenAt),
  ],
);

export type ExportWithheldRow = typeof exportWithheld.$inferSelect;
