// The back office: operators (not site users), their revocable sessions, and the audit log of what they changed.
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238), shown once at enrolment; sealed under DATA_KEY when it is set. */
    totpSecret: text('totp_secret').notNull(),
    /** The 30-second step of the last accepted code: a code of this step or earlier is refused (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    /** What the operator may do (server/operators/roles.ts): admin, operator or auditor (read only). */
    role: varchar('role', { length: 16, enum: ['admin', 'operator', 'auditor'] }).notNull().default('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operators_email_unique').on(table.email)],
);

export type OperatorRow = typeof operators.$inferSelect;

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    /** SHA-256 of the cookie's token: a stolen database does not yield live sessions. */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the change came from the CLI; the e-mail is kept so the row outlives the operator. */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    actor: varchar('actor', { length: 254 }).notNull(),
    /** What was done, dotted: claim.move, verification.approve, direction.update, operator.sign_in. */
    action: varchar('action', { length: 64 }).notNull(),
    /** What it was done to: a claim uuid, a currency code, a verification id. */
    target: varchar('target', { length: 128 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.target),
    index('audit_log_action_idx').on(table.action, table.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
