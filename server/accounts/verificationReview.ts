// Operator decisions on card verifications (called from the operator CLI).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { verifications } from '../db/schema/verification.ts';

/** Approves a pending verification; the owner becomes a verified user (verified rate). */
export async function approveVerification(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [approved] = await tx
      .update(verifications)
      .set({ status: 'approved', reason: null, updatedAt: new Date() })
      .where(and(eq(verifications.id, id), eq(verifications.status, 'pending')))
      .returning({ userId: verifications.userId });
    if (!approved) return false;
    await tx.update(users).set({ verified: true }).where(eq(users.id, approved.userId));
    return true;
  });
}

/** Rejects a pending verification with a reason the owner sees; they may fix it and send it again. */
export async function rejectVerification(db: Db, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(verifications)
    .set({ status: 'rejected', reason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(verifications.id, id), eq(verifications.status, 'pending')))
    .returning({ id: verifications.id });
  return rows.length === 1;
}
