// Live rates: the formula a direction's course follows, the last price fetched per source symbol, the state of
// each source (back-off), the once-per-period refresh slot shared by every instance, the course history with
// its inputs, and the log of pauses, resumes and held jumps the operator reads.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { directions } from './calculator.ts';

/** A direction on a formula; a direction without a row here has a manual course. */
export const directionFormulas = pgTable(
  'direction_formulas',
  {
    directionId: integer('direction_id')
      .primaryKey()
      .references(() => directions.id, { onDelete: 'cascade' }),
    courseFormula: text('course_formula').notNull(),
    /** Null: the direction's verified course is left as it is (manual or none). */
    verifiedFormula: text('verified_formula'),
    /** Decimal places the course is rounded down to; null: 12 significant digits. */
    roundDecimals: smallint('round_decimals'),
    /** Largest move in one step, in percent of the current course, applied without the operator; null: any. */
    maxStepPercent: numeric('max_step_percent'),
    /** A computed course held back because it moved more than maxStepPercent; null when nothing is held. */
    heldCourse: numeric('held_course'),
    heldVerifiedCourse: numeric('held_verified_course'),
    heldInputs: jsonb('held_inputs').$type<Record<string, string>>(),
    heldAt: timestamp('held_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('direction_formulas_round_range', sql`${table.roundDecimals} between 0 and 18`)],
);

export type DirectionFormulaRow = typeof directionFormulas.$inferSelect;

/** The newest price of one symbol of one source, as fetched by whichever instance ran the refresh. */
export const rateQuotes = pgTable(
  'rate_quotes',
  {
    source: varchar('source', { length: 32 }).notNull(),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    price: numeric('price').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.symbol] }),
    check('rate_quotes_price_positive', sql`${table.price} > 0`),
  ],
);

/** Per source: failures in a row and when the next fetch may be tried (back-off), shared by every instance. */
export const rateSources = pgTable('rate_sources', {
  source: varchar('source', { length: 32 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** One row: when the next refresh is due. An instance takes a period by moving it forward (one fetch per period). */
export const rateRefreshSlot = pgTable('rate_refresh_slot', {
  id: smallint('id').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
});

/** Every course a formula wrote, with the prices it was computed from. */
export const rateHistory = pgTable(
  'rate_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    directionId: integer('direction_id')
      .notNull()
      .references(() => directions.id, { onDelete: 'cascade' }),
    course: numeric('course').notNull(),
    verificationCourse: numeric('verification_course'),
    /** "source:SYMBOL" → price. */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_history_direction_at_idx').on(table.directionId, table.at),
    index('rate_history_at_idx').on(table.at),
  ],
);

export const RATE_EVENT_KINDS = [
  'formula_set',
  'formula_removed',
  'paused',
  'resumed',
  'held',
  'accepted',
  'rejected',
] as const;
export type RateEventKind = (typeof RATE_EVENT_KINDS)[number];

/** What happened to a direction's live course, for the operator (CLI and back office). */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    directionId: integer('direction_id')
      .notNull()
      .references(() => directions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: RATE_EVENT_KINDS }).notNull(),
    /** Plain operator-facing words: the stale inputs, the held jump, the formula. */
    detail: text('detail').notNull(),
    course: numeric('course'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rate_events_at_idx').on(table.at),
    index('rate_events_direction_idx').on(table.directionId, table.at),
  ],
);

export type RateEventRow = typeof rateEvents.$inferSelect;
