// Operator decisions on card verifications, for the CLI and the console: each audited under the operator.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
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

export type VerificationDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * The operator's decision on a pending verification, audited as `verification.approve` or `.reject` under the
 * verification's uuid (what the console lists); false when there is none pending with this id.
 */
export async function decideVerification(db: Db, actor: Actor, id: number, answer: VerificationDecision): Promise<boolean> {
  return audited(db, actor, async (tx) => {
    const done = answer.decision === 'approve' ? await approveVerification(tx, id) : await rejectVerification(tx, id, answer.reason);
    if (!done) return { result: false, audit: null };
    const [row] = await tx.select({ uuid: verifications.uuid }).from(verifications).where(eq(verifications.id, id));
    const after = answer.decision === 'approve' ? { status: 'approved' } : { status: 'rejected', reason: answer.reason };
    return { result: true, audit: { action: `verification.${answer.decision}`, target: row!.uuid, before: { status: 'pending' }, after } };
  });
}
