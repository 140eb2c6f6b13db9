// What the exchanger trades: currencies, the directions between them with courses and limits, the requisite
// fields each side asks for, reserves, the exchanger's own payment accounts, the contest and site switches.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { REQUISITE_CHECKS } from '../../../src/domain/requisites.ts';

export const CURRENCY_KINDS = ['crypto', 'card', 'emoney', 'cash'] as const;

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    /** Stable code used in URLs, settings and the rates export: BTC, SBERRUB, USDTTRC20. */
    code: varchar('code', { length: 32 }).notNull(),
    nameRu: varchar('name_ru', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    network: varchar('network', { length: 32 }),
    kind: varchar('kind', { length: 16, enum: CURRENCY_KINDS }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull(),
    icon: varchar('icon', { length: 64 }).notNull(),
    /** Decimals an amount in this currency is rounded to (roundCalculator). */
    decimals: integer('decimals').notNull(),
    /** URI scheme of a payment QR code (bitcoin, ethereum, litecoin, ton), null when none. */
    qrScheme: varchar('qr_scheme', { length: 16 }),
    /** Where a cash currency changes hands, as rate monitors code cities (MSK); null for the others. */
    city: varchar('city', { length: 16 }),
    payCommentRu: text('pay_comment_ru'),
    payCommentEn: text('pay_comment_en'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [uniqueIndex('currencies_code_unique').on(table.code)],
);

export type CurrencyRow = typeof currencies.$inferSelect;

export const SIDES = ['give', 'receive'] as const;
export type Side = (typeof SIDES)[number];

/** One requisite input a currency asks for when it is given or received (card number, wallet address, name). */
export const currencyFields = pgTable(
  'currency_fields',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    side: varchar('side', { length: 8, enum: SIDES }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    labelRu: varchar('label_ru', { length: 100 }).notNull(),
    labelEn: varchar('label_en', { length: 100 }).notNull(),
    placeholderRu: varchar('placeholder_ru', { length: 100 }).notNull().default(''),
    placeholderEn: varchar('placeholder_en', { length: 100 }).notNull().default(''),
    check: varchar('check', { length: 16, enum: REQUISITE_CHECKS }).notNull(),
    visible: boolean('visible').notNull().default(true),
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [uniqueIndex('currency_fields_unique').on(table.currencyId, table.side, table.name)],
);

export type CurrencyFieldRow = typeof currencyFields.$inferSelect;

/** A tradable pair. receive = give × course; the course already includes the bonus percent. */
export const directions = pgTable(
  'directions',
  {
    id: serial('id').primaryKey(),
    fromId: integer('from_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    course: numeric('course').notNull(),
    /** Better course for verified users, null when the direction has none. */
    verificationCourse: numeric('verification_course'),
    bonus: numeric('bonus').notNull().default('0'),
    fromMin: numeric('from_min'),
    fromMinVerification: numeric('from_min_verification'),
    fromMax: numeric('from_max'),
    toMin: numeric('to_min'),
    toMinVerification: numeric('to_min_verification'),
    toMax: numeric('to_max'),
    fromNotifyRu: text('from_notify_ru'),
    fromNotifyEn: text('from_notify_en'),
    toNotifyRu: text('to_notify_ru'),
    toNotifyEn: text('to_notify_en'),
    active: boolean('active').notNull().default(true),
    /**
     * Set by the live-rates guard while a formula's inputs are stale (server/rates): a paused direction is not
     * offered, takes no new claims and is left out of the export, and resumes by itself on fresh inputs.
     */
    paused: boolean('paused').notNull().default(false),
    /** How long a claim of this direction waits for payment; null: the site's PAYMENT_WINDOW_SECONDS. */
    paymentWindowSeconds: integer('payment_window_seconds'),
    /**
     * A claim of this direction is paid out only once its sender card is verified (rate monitors read it as
     * `cardverify`); only a direction whose give side is a bank card can carry it.
     */
    cardVerification: boolean('card_verification').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('directions_pair_unique').on(table.fromId, table.toId),
    check('directions_course_positive', sql`${table.course} > 0`),
  ],
);

export type DirectionRow = typeof directions.$inferSelect;

/**
 * How much of a currency the exchanger holds (`amount`). What open claims will pay out of it is not a column: the
 * free part is kept in `reserveSlots`, and held = amount − free (`reserveBalances`).
 */
export const reserves = pgTable(
  'reserves',
  {
    currencyId: integer('currency_id')
      .primaryKey()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    amount: numeric('amount').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('reserves_not_negative', sql`${table.amount} >= 0`)],
);

/**
 * The free part of a reserve, split into slots (an escrow): a new claim takes its payout from one slot no other
 * claim is using, so concurrent claims of one currency never wait on one row; a claim that finds the slots covering it
 * all in use waits for one of them, and one that fewer than half of the slots cover waits for all of them and pools
 * them. SQL functions own every change (migrations 0033, 0037): reserve_take,
 * reserve_release, and a trigger that follows `reserves.amount`. No slot goes below zero, so no claim is ever
 * promised more than is free.
 */
export const reserveSlots = pgTable(
  'reserve_slots',
  {
    currencyId: integer('currency_id')
      .notNull()
      .references(() => reserves.currencyId, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    free: numeric('free').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.currencyId, table.slot] }), check('reserve_slots_not_negative', sql`${table.free} >= 0`)],
);

/** A reserve as read: amount, held by open claims, available (free) and its last change, holds included. */
export const reserveBalances = pgView('reserve_balances', {
  currencyId: integer('currency_id').notNull(),
  amount: numeric('amount').notNull(),
  held: numeric('held').notNull(),
  available: numeric('available').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}).existing();

/** Where a client pays the exchanger for a currency: a wallet address, a card number, a phone for SBP. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    labelRu: varchar('label_ru', { length: 100 }).notNull(),
    labelEn: varchar('label_en', { length: 100 }).notNull(),
    value: varchar('value', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('payment_accounts_currency_idx').on(table.currencyId)],
);

export const contests = pgTable('contests', {
  id: serial('id').primaryKey(),
  titleRu: varchar('title_ru', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  prizesRu: jsonb('prizes_ru').$type<string[]>().notNull(),
  prizesEn: jsonb('prizes_en').$type<string[]>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(false),
});

/** Site-wide switches the operator flips (maintenance mode); one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface MaintenanceSetting {
  enabled: boolean;
  messageRu: string | null;
  messageEn: string | null;
}
