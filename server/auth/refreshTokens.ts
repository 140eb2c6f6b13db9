// Refresh-token families (sessions): login opens a family, each refresh spends one token and issues the next,
// and a spent token presented again revokes the whole family (it was copied by someone). A session ends at its
// absolute lifetime whatever the rotations, or earlier when no refresh comes within its idle timeout.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { refreshTokens } from '../db/schema/users.ts';
import { newOpaqueToken, tokenHash } from './secureToken.ts';

export interface SessionLifetime {
  /** From sign-in to the end, whatever the rotations. */
  absoluteSeconds: number;
  /** Longest time without a refresh. */
  idleSeconds: number;
}

/** "Remember me": a month on this device, a week without opening the site. */
export const REMEMBERED: SessionLifetime = { absoluteSeconds: 30 * 24 * 60 * 60, idleSeconds: 7 * 24 * 60 * 60 };
/** Not remembered: a browser-session cookie, and the session itself lasts a working day at most. */
export const BROWSER_SESSION: SessionLifetime = { absoluteSeconds: 12 * 60 * 60, idleSeconds: 2 * 60 * 60 };

/**
 * Two tabs refreshing at once send the same token: for this long after a rotation the spent token answers
 * the same successor instead of counting as a theft.
 */
export const ROTATION_GRACE_SECONDS = 10;

export interface IssuedRefresh {
  token: string;
  userId: number;
  familyId: string;
  persistent: boolean;
  sessionExpiresAt: Date;
}

export type RotationResult = ({ ok: true } & IssuedRefresh) | { ok: false; reason: 'unknown' | 'reused' };

function lifetimeOf(persistent: boolean): SessionLifetime {
  return persistent ? REMEMBERED : BROWSER_SESSION;
}

/**
 * The successor of a token is derived from it with the server's key: a second request with the same spent
 * token inside the grace window can hand out the very same successor, and nobody without the key can compute it.
 */
export function successorOf(token: string, key: string): string {
  return createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');
}

interface Family {
  userId: number;
  familyId: string;
  persistent: boolean;
  sessionExpiresAt: Date;
}

async function insertToken(db: Db, token: string, family: Family): Promise<IssuedRefresh> {
  const idleEnd = Date.now() + lifetimeOf(family.persistent).idleSeconds * 1000;
  await db.insert(refreshTokens).values({
    userId: family.userId,
    familyId: family.familyId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Math.min(idleEnd, family.sessionExpiresAt.getTime())),
    sessionExpiresAt: family.sessionExpiresAt,
    persistent: family.persistent,
  });
  return { token, ...family };
}

/** A new family for a fresh login. */
export function openFamily(db: Db, userId: number, persistent: boolean): Promise<IssuedRefresh> {
  const sessionExpiresAt = new Date(Date.now() + lifetimeOf(persistent).absoluteSeconds * 1000);
  return insertToken(db, newOpaqueToken(), { userId, familyId: randomUUID(), persistent, sessionExpiresAt });
}

const familyColumns = {
  userId: refreshTokens.userId,
  familyId: refreshTokens.familyId,
  persistent: refreshTokens.persistent,
  sessionExpiresAt: refreshTokens.sessionExpiresAt,
};

/**
 * Spends `token` and issues its successor in one transaction: of two concurrent uses one spends it, and the
 * other (waiting on the row) finds it spent with the successor already stored.
 */
export async function rotate(db: Db, token: string, key: string): Promise<RotationResult> {
  const hash = tokenHash(token);
  const successor = successorOf(token, key);
  const rotated = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning(familyColumns);
    return spent ? insertToken(tx, successor, spent) : null;
  });
  if (rotated) return { ok: true, ...rotated };

  const [known] = await db
    .select({
      ...familyColumns,
      revoked: sql<boolean>`${refreshTokens.revokedAt} is not null`,
      inGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${ROTATION_GRACE_SECONDS}::int)`,
      spent: sql<boolean>`${refreshTokens.usedAt} is not null`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash));
  if (!known || known.revoked) return { ok: false, reason: 'unknown' };
  if (known.inGrace) {
    const [next] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, tokenHash(successor)), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())));
    if (next) {
      const { userId, familyId, persistent, sessionExpiresAt } = known;
      return { ok: true, token: successor, userId, familyId, persistent, sessionExpiresAt };
    }
  }
  if (known.spent) {
    await revokeFamily(db, known.familyId);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'unknown' };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: revokes the family the presented token belongs to (spent or not). */
export async function revokeByToken(db: Db, token: string): Promise<void> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash(token)));
  if (known) await revokeFamily(db, known.familyId);
}

/** After a password change or reset: every session of the user ends, except `keepFamilyId` when given. */
export async function revokeUserFamilies(db: Db, userId: number, keepFamilyId?: string): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(...conditions));
}
