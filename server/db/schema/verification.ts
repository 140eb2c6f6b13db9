// Card verifications: the user photographs the card; an operator approves or rejects it.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './security.ts';
import { users } from './users.ts';

export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First six and last four digits only (what an operator compares with the photo); never the full number. */
    cardMasked: varchar('card_masked', { length: 32 }).notNull(),
    /** HMAC of the full number: recognises the same card again without storing it. */
    cardFingerprint: varchar('card_fingerprint', { length: 64 }).notNull(),
    status: varchar('status', { length: 16, enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verifications_uuid_unique').on(table.uuid),
    index('verifications_user_idx').on(table.userId, table.createdAt),
  ],
);

export const verificationImages = pgTable(
  'verification_images',
  {
    id: serial('id').primaryKey(),
    verificationId: integer('verification_id')
      .notNull()
      .references(() => verifications.id, { onDelete: 'cascade' }),
    mime: varchar('mime', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    /** The photo as re-encoded on upload (metadata stripped); it lives and dies with its row. */
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_images_verification_idx').on(table.verificationId),
  ],
);
