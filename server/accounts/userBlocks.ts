// Blocking a user, an operator's decision: the account is marked blocked and every session of it ends, in one
// transaction with the audit row; until an operator unblocks it, sign-in, token refresh and every signed-in call
// of the account are refused with 403 account_blocked. Ending the sessions alone signs the user out everywhere.
import { and, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { refreshTokens, users } from '../db/schema/users.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { tokenHash } from '../auth/secureToken.ts';
import { refuse } from '../shared/errors.ts';
import type { PageRequest } from '../shared/paging.ts';

/** What the console and the CLI show of a user. */
export interface UserStanding {
  id: number;
  email: string;
  activated: boolean;
  verified: boolean;
  createdAt: Date;
  blockedAt: Date | null;
  /** The reason the operator gave when blocking (from the audit row), null while not blocked. */
  blockReason: string | null;
  /** Sign-ins still open (refresh-token families with a live token). */
  liveSessions: number;
}

export type UserDecision =
  | { done: true; user: UserStanding; sessionsEnded: number }
  | { done: false; reason: 'not_found' | 'already_blocked' | 'not_blocked' };

export interface UserFilters {
  /** Part of the e-mail, any case. */
  q?: string | undefined;
  blockedOnly?: boolean;
}

const auditTarget = (id: number) => `user:${id}`;

// The outer row is named `users.` in these subqueries: Drizzle leaves a column of a one-table select unqualified,
// which inside them would name the subquery's own column.
const liveSessions = sql<number>`(select count(distinct r.family_id)::int from refresh_tokens r
  where r.user_id = users.id and r.revoked_at is null and r.used_at is null
    and r.expires_at > now() and r.session_expires_at > now())`;

const blockReason = sql<string | null>`case when users.blocked_at is null then null else (
  select a.after->>'reason' from audit_log a where a.target = 'user:' || users.id and a.action = 'user.block'
  order by a.at desc, a.id desc limit 1) end`;

const standingColumns = {
  id: users.id,
  email: users.email,
  activated: users.activated,
  verified: users.verified,
  createdAt: users.createdAt,
  blockedAt: users.blockedAt,
  blockReason,
  liveSessions,
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Users whose e-mail contains `q` (newest first), or only the blocked ones. */
export async function findUsers(db: Db, filters: UserFilters, page: PageRequest): Promise<{ count: number; rows: UserStanding[] }> {
  const conditions: SQL[] = [];
  const q = filters.q?.trim().toLowerCase();
  if (q) conditions.push(ilike(users.email, likePattern(q)));
  if (filters.blockedOnly) conditions.push(isNotNull(users.blockedAt));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(standingColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(page.size).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function userStanding(db: Db, id: number): Promise<UserStanding | null> {
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user of an e-mail (as stored: lowercased), for the CLI. */
export async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/** Revokes every token of the user; answers how many sign-ins were still open. */
async function endSessionsIn(tx: Db, userId: number): Promise<number> {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId, live: sql<boolean>`${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > now() and ${refreshTokens.sessionExpiresAt} > now()` });
  return new Set(revoked.filter((row) => row.live).map((row) => row.familyId)).size;
}

/** Why nothing was decided: the user is gone, or already in the state asked for. */
async function refusalFor(db: Db, userId: number, wanted: 'blocked' | 'unblocked'): Promise<UserDecision> {
  const standing = await userStanding(db, userId);
  if (!standing) return { done: false, reason: 'not_found' };
  return { done: false, reason: wanted === 'blocked' ? 'already_blocked' : 'not_blocked' };
}

/** Blocks the account and ends its sessions, audited with the reason. */
export async function blockUser(db: Db, actor: Actor, userId: number, reason: string): Promise<UserDecision> {
  const sessionsEnded = await audited(db, actor, async (tx) => {
    const [blocked] = await tx
      .update(users)
      .set({ blockedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.blockedAt)))
      .returning({ email: users.email });
    if (!blocked) return { result: null, audit: null };
    const ended = await endSessionsIn(tx, userId);
    return {
      result: ended,
      audit: { action: 'user.block', target: auditTarget(userId), before: { email: blocked.email, blocked: false }, after: { blocked: true, reason, sessionsEnded: ended } },
    };
  });
  if (sessionsEnded === null) return refusalFor(db, userId, 'blocked');
  return { done: true, user: (await userStanding(db, userId))!, sessionsEnded };
}

/** Lets the account sign in again (its ended sessions stay ended). */
export async function unblockUser(db: Db, actor: Actor, userId: number): Promise<UserDecision> {
  const unblocked = await audited(db, actor, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ blockedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.blockedAt)))
      .returning({ email: users.email });
    return {
      result: row ?? null,
      audit: row ? { action: 'user.unblock', target: auditTarget(userId), before: { email: row.email, blocked: true }, after: { blocked: false } } : null,
    };
  });
  if (!unblocked) return refusalFor(db, userId, 'unblocked');
  return { done: true, user: (await userStanding(db, userId))!, sessionsEnded: 0 };
}

/** Signs the user out everywhere: every refresh token ends, and with it every access token of those sign-ins. */
export async function endUserSessions(db: Db, actor: Actor, userId: number): Promise<UserDecision> {
  const ended = await audited(db, actor, async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { result: null, audit: null };
    const count = await endSessionsIn(tx, userId);
    return { result: count, audit: { action: 'user.logout', target: auditTarget(userId), before: { email: user.email }, after: { sessionsEnded: count } } };
  });
  if (ended === null) return { done: false, reason: 'not_found' };
  return { done: true, user: (await userStanding(db, userId))!, sessionsEnded: ended };
}

/** Whether the account is blocked now. */
export async function isUserBlocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.blockedAt)));
  return row !== undefined;
}

/** Whether a refresh token (live, spent or revoked) belongs to a blocked account. */
export async function refreshTokenOfBlockedUser(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(and(eq(refreshTokens.tokenHash, tokenHash(token)), isNotNull(users.blockedAt)));
  return row !== undefined;
}

/** The refusal a blocked account gets wherever it signs in or calls signed in (403 account_blocked). */
export function refuseBlocked(): never {
  refuse(
    'forbidden',
    /*i18n*/ { id: 'accounts.user.blocked', message: 'This account is blocked. If you think this is a mistake, write to support.' },
    'account_blocked',
  );
}
