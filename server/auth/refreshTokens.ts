// Refresh-token families: login opens a family, each refresh spends one token and issues the next,
// and a spent token presented again revokes the whole family (it was copied by someone).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { refreshTokens } from '../db/schema/users.ts';
import { newOpaqueToken, tokenHash } from './secureToken.ts';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface IssuedRefresh {
  token: string;
  userId: number;
  familyId: string;
}

export type RotationResult = ({ ok: true } & IssuedRefresh) | { ok: false; reason: 'unknown' | 'reused' };

async function insertToken(db: Db, userId: number, familyId: string): Promise<IssuedRefresh> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
  });
  return { token, userId, familyId };
}

/** A new family for a fresh login. */
export function openFamily(db: Db, userId: number): Promise<IssuedRefresh> {
  return insertToken(db, userId, randomUUID());
}

/** Spends `token` and issues its successor, atomically: of two concurrent uses only one can win. */
export async function rotate(db: Db, token: string): Promise<RotationResult> {
  const hash = tokenHash(token);
  const [spent] = await db
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
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (spent) return { ok: true, ...(await insertToken(db, spent.userId, spent.familyId)) };

  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash));
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.usedAt !== null) {
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

/** Whether a session (family) is still alive: access tokens of a revoked family stop working at once. */
export async function familyActive(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}
