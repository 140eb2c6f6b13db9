// Accounts and the credentials attached to them: refresh-token families and single-use mail tokens.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lowercased; the unique index is on the stored value. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    activated: boolean('activated').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    referralCode: varchar('referral_code', { length: 32 }).notNull(),
    /** Set by an operator: the account cannot sign in or refresh its session until unblocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    referredBy: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_referral_code_unique').on(table.referralCode),
    index('users_referred_by_idx').on(table.referredBy),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * One row per issued refresh token. Tokens of one login share a family; presenting a spent token
 * again means it was stolen, so the whole family is revoked. Only a SHA-256 of the token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Idle end of this token: the session lapses when no refresh comes before it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute end of the session (the family), the same on every token of it whatever the rotations. */
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
    /** "Remember me": a cookie that survives the browser; otherwise a browser-session cookie and short lifetimes. */
    persistent: boolean('persistent').notNull().default(true),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    // The session check of every signed-in call (server/auth/sessionCheck.ts) and ending a sign-in: the live tokens
    // of one family, the account's among them. On the family alone, the check's generic plan read the account's
    // tokens of every sign-in instead.
    index('refresh_tokens_live_family_idx').on(table.familyId, table.userId).where(sql`${table.revokedAt} is null`),
    index('refresh_tokens_user_idx').on(table.userId),
    // The retention job deletes expired tokens by this.
    index('refresh_tokens_expires_idx').on(table.expiresAt),
  ],
);

/** Single-use links sent by mail (account activation, password restore); only a hash is stored. */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16, enum: ['activation', 'restore'] }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('mail_tokens_hash_unique').on(table.tokenHash),
    index('mail_tokens_user_idx').on(table.userId, table.purpose),
    index('mail_tokens_expires_idx').on(table.expiresAt),
  ],
);
