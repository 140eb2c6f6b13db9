// Withdrawals of referral earnings. The debit is one conditional UPDATE of the balance row
// (`balance >= amount`), so any number of parallel requests can never take more than the balance.
import { and, eq, sql } from 'drizzle-orm';
import type { Decimal } from '../../../src/domain/money.ts';
import type { Db } from '../../db/index.ts';
import { referralBalances, referralMovements, withdrawals } from '../../db/schema/referral.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export type CreateWithdrawalResult = { ok: true; withdrawal: WithdrawalRow } | { ok: false; reason: 'insufficient_balance' };

export async function createWithdrawal(db: Db, userId: number, amount: Decimal, requisites: string): Promise<CreateWithdrawalResult> {
  return db.transaction(async (tx) => {
    const [debited] = await tx
      .update(referralBalances)
      .set({ balance: sql`${referralBalances.balance} - ${amount}::numeric`, updatedAt: new Date() })
      .where(and(eq(referralBalances.userId, userId), sql`${referralBalances.balance} >= ${amount}::numeric`))
      .returning({ balance: referralBalances.balance });
    if (!debited) return { ok: false, reason: 'insufficient_balance' } as const;
    const [withdrawal] = await tx.insert(withdrawals).values({ userId, amount, requisites }).returning();
    if (!withdrawal) throw new Error('withdrawal insert returned nothing');
    await tx.insert(referralMovements).values({
      userId,
      kind: 'withdrawal',
      reason: 'withdrawal',
      amount,
      reference: String(withdrawal.id),
    });
    return { ok: true, withdrawal } as const;
  });
}

/** Operator: the money was sent. Only a pending withdrawal can be paid; returns false otherwise. */
export async function payWithdrawal(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'paid', decidedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ id: withdrawals.id });
  return rows.length === 1;
}

/** Operator: refuses a pending withdrawal and returns its amount to the balance, in one transaction. */
export async function rejectWithdrawal(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', decidedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!rejected) return false;
    await tx
      .update(referralBalances)
      .set({ balance: sql`${referralBalances.balance} + ${rejected.amount}::numeric`, updatedAt: new Date() })
      .where(eq(referralBalances.userId, rejected.userId));
    await tx.insert(referralMovements).values({
      userId: rejected.userId,
      kind: 'deposit',
      reason: 'withdrawal_returned',
      amount: rejected.amount,
      reference: String(rejected.id),
      sourceKey: `withdrawal-returned:${rejected.id}`,
    });
    return true;
  });
}
